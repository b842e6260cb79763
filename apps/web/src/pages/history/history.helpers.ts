import { type ExchangeTransfer, RequestFailedError } from "@fundament/sdk";

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

/** A failed history request in plain words. */
export function historyErrorMessage(kind: "deposits" | "withdrawals", error: unknown, apiUrl: string): string {
  const what = kind === "deposits" ? "Deposits" : "Withdrawals";
  if (error instanceof RequestFailedError) return `${what}: ${error.message}`;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `${what}: the API at ${apiUrl} did not answer in time.`;
  return `${what}: the API at ${apiUrl} could not be reached. It may be down; try again later.`;
}

/** The amount with the coin: "1,250.5 USDT". */
export function transferAmount(transfer: ExchangeTransfer): string {
  const amount = Number(transfer.amount);
  const text = Number.isFinite(amount)
    ? amount.toLocaleString("en-US", { maximumFractionDigits: 8 })
    : String(transfer.amount);
  return `${text} ${transfer.currency || transfer.coin}`;
}

/** The fee, or "—". */
export function transferFee(transfer: ExchangeTransfer): string {
  if (!transfer.fee) return "—";
  return `${transfer.fee.cost.toLocaleString("en-US", { maximumFractionDigits: 8 })} ${transfer.fee.currency}`;
}
