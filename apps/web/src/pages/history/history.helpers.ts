import { type ExchangeTransfer, RequestFailedError } from "@fundament/sdk";
import { type CsvColumn, toCsv } from "../../shared/lib/csv";
import { formatCoinAmount, formatUsd } from "../../shared/lib/format";

export type HistoryFilter = "all" | "deposit" | "withdrawal";

/** Deposits and withdrawals in one list, newest first, filtered by type. */
export function mergeTransfers(
  deposits: readonly ExchangeTransfer[] | null | undefined,
  withdrawals: readonly ExchangeTransfer[] | null | undefined,
  filter: HistoryFilter = "all",
): ExchangeTransfer[] {
  const rows = [
    ...(filter === "withdrawal" ? [] : (deposits ?? []).map((t) => ({ ...t, type: "deposit" as const }))),
    ...(filter === "deposit" ? [] : (withdrawals ?? []).map((t) => ({ ...t, type: "withdrawal" as const }))),
  ];
  return rows.sort((a, b) => b.timestamp - a.timestamp);
}

/** What has been loaded of one kind of transfer: its records so far (newest first) and whether older ones remain. */
export type LoadedStream = { records: readonly ExchangeTransfer[] | null | undefined; hasMore: boolean };

/**
 * The merged list of what is loaded, cut where it would have gaps: while a stream has older records still on the
 * server, nothing older than its oldest loaded record is shown (a record of the other stream from before then could
 * otherwise appear ahead of one not loaded yet). `complete` says whether the list is the whole history.
 */
export function mergeLoaded(
  deposits: LoadedStream,
  withdrawals: LoadedStream,
  filter: HistoryFilter = "all",
): { rows: ExchangeTransfer[]; complete: boolean } {
  const streams = [...(filter === "withdrawal" ? [] : [deposits]), ...(filter === "deposit" ? [] : [withdrawals])];
  const cutoffs = streams
    .filter((s) => s.hasMore && (s.records?.length ?? 0) > 0)
    .map((s) => Math.min(...(s.records ?? []).map((r) => r.timestamp)));
  const cutoff = cutoffs.length > 0 ? Math.max(...cutoffs) : Number.NEGATIVE_INFINITY;
  const rows = mergeTransfers(deposits.records, withdrawals.records, filter).filter((r) => r.timestamp >= cutoff);
  return { rows, complete: streams.every((s) => !s.hasMore) };
}

/** The amount in US dollars ("$12,500.00"), or "—" when the API could not price it. */
export function transferAmountUsd(transfer: ExchangeTransfer): string {
  const usd = transfer.amountUsd;
  if (typeof usd !== "number" || !Number.isFinite(usd)) return "—";
  return formatUsd(usd);
}

/** The transfer's hash on its chain, if the exchange gave one. */
export function transferHash(transfer: ExchangeTransfer): string | null {
  return transfer.txid ?? transfer.txID ?? null;
}

const CSV_COLUMNS: CsvColumn<ExchangeTransfer>[] = [
  ["time (UTC)", (t) => new Date(t.timestamp).toISOString()],
  ["type", (t) => t.type],
  ["amount", (t) => t.amount],
  ["currency", (t) => t.currency || t.coin],
  ["amount (USD)", (t) => t.amountUsd ?? ""],
  ["network", (t) => t.network ?? t.chain],
  ["status", (t) => t.status],
  ["fee", (t) => t.fee?.cost],
  ["fee currency", (t) => t.fee?.currency],
  ["transaction hash", (t) => transferHash(t)],
  ["address", (t) => t.address],
  ["exchange id", (t) => t.id],
];

/** The transfers as CSV (RFC 4180, CRLF line ends, a header row), newest first as given. */
export function transfersToCsv(rows: readonly ExchangeTransfer[]): string {
  return toCsv(CSV_COLUMNS, rows);
}

/** Why a history request failed, in plain words (never the API's address: it means nothing to the reader). */
export function historyFailureReason(error: unknown): string {
  if (error instanceof RequestFailedError) return `the API answered with an error (${error.message})`;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "the API did not answer in time";
  return "the API cannot be reached. It may be down";
}

/**
 * The one message for the history's failed requests (deposits, withdrawals or both), or null when none failed: the
 * same reason is said once. "The exchange history could not be loaded: the API cannot be reached. It may be down;
 * try again in a moment."
 */
export function historyFailureMessage(errors: readonly unknown[]): string | null {
  if (errors.length === 0) return null;
  const reasons = [...new Set(errors.map(historyFailureReason))];
  return `The exchange history could not be loaded: ${reasons.join("; and ")}; try again in a moment.`;
}

/** A failed export in plain words: "Export failed: the API did not answer in time; try again in a moment." */
export function historyErrorMessage(what: string, error: unknown): string {
  return `${what}: ${historyFailureReason(error)}; try again in a moment.`;
}

/** The amount with the coin: "1,250.5 USDT". */
export function transferAmount(transfer: ExchangeTransfer): string {
  const amount = Number(transfer.amount);
  const symbol = transfer.currency || transfer.coin;
  return Number.isFinite(amount) ? formatCoinAmount(amount, symbol) : `${String(transfer.amount)} ${symbol}`;
}

/** The fee, or "—". */
export function transferFee(transfer: ExchangeTransfer): string {
  if (!transfer.fee) return "—";
  return formatCoinAmount(transfer.fee.cost, transfer.fee.currency);
}
