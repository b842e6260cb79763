import {
  type BuiltRoundReport,
  FundamentError,
  hashRoundReport,
  MAX_MANUAL_ITEMS,
  MAX_MANUAL_NOTE,
  RequestFailedError,
  type RoundReportManualItem,
} from "@fundament/sdk";
import { parseUnits } from "viem";
import { formatTokenAmount } from "../../shared/lib/format";

/** One declared item as the admin types it (`key` keeps its row across removals). */
export type ManualItemDraft = { key: number; amount: string; note: string };

export type ManualItemProblems = {
  /** Per row: what is wrong with its amount and its note (absent when right). */
  rows: { amount?: string; note?: string }[];
  /** The items together, when they add up to more than the total returned. */
  total?: string;
  ok: boolean;
};

type Token = { decimals: number; symbol: string };

/** A positive amount in token units with at most the token's decimals; null when it is not one. */
function itemUnits(amount: string, decimals: number): bigint | null {
  const trimmed = amount.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed) || (trimmed.split(".")[1]?.length ?? 0) > decimals) return null;
  const units = parseUnits(trimmed, decimals);
  return units > 0n ? units : null;
}

/**
 * The declared items checked before any request, as the report's builder checks them: at most `MAX_MANUAL_ITEMS`,
 * each a positive amount of the token and a note of 1 to `MAX_MANUAL_NOTE` characters, together at most the total
 * returned (they explain part of it; they do not add to it).
 */
export function manualItemProblems(
  drafts: readonly ManualItemDraft[],
  { token, totalReturned }: { token: Token; totalReturned: bigint },
): ManualItemProblems {
  let sum = 0n;
  const rows = drafts.map(({ amount, note }) => {
    const problems: { amount?: string; note?: string } = {};
    const units = itemUnits(amount, token.decimals);
    if (units === null) {
      problems.amount = `Enter a positive amount of ${token.symbol}, with at most ${token.decimals} decimals.`;
    } else sum += units;
    const length = note.trim().length;
    if (length === 0) problems.note = "Say what this amount is: the report shows the note beside it.";
    else if (length > MAX_MANUAL_NOTE)
      problems.note = `Keep the note to ${MAX_MANUAL_NOTE} characters (${length} now).`;
    return problems;
  });
  const total =
    drafts.length > MAX_MANUAL_ITEMS
      ? `A report lists at most ${MAX_MANUAL_ITEMS} declared items.`
      : sum > totalReturned
        ? `The declared items add up to ${formatTokenAmount(sum, token.decimals, token.symbol)}, more than the ${formatTokenAmount(totalReturned, token.decimals, token.symbol)} returned: they explain part of the total, they do not add to it.`
        : undefined;
  const ok = !total && rows.every((r) => !r.amount && !r.note);
  return total ? { rows, total, ok } : { rows, ok };
}

/** The drafts as the report's manual items: amounts and notes trimmed. */
export function manualItemsOf(drafts: readonly ManualItemDraft[]): RoundReportManualItem[] {
  return drafts.map(({ amount, note }) => ({ amount: amount.trim(), note: note.trim() }));
}

/**
 * Why the report could not be built, in words, the API's own when it gave them: it refused (its message and status),
 * did not answer in time, or cannot be reached; or its answer does not hold together (`checkBuiltReport`).
 */
export function reportBuildFailure(error: unknown): string {
  if (error instanceof RequestFailedError) {
    return error.serverMessage
      ? `The fund's server could not build the round's report: ${error.serverMessage}`
      : `The fund's server could not build the round's report (HTTP ${error.status}).`;
  }
  if (error instanceof FundamentError) return error.shortMessage;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return "The fund's server did not answer in time, so the round's report was not built.";
  }
  return "The fund's server cannot be reached, so the round's report was not built. It may be down; try again in a moment.";
}

/**
 * The built report checked before its hash is signed: the hash is the report's (recomputed here), it is the report of
 * this vault's round, and its total is what was collected (what the settlement sends). A `FundamentError` says what
 * is wrong.
 */
export function checkBuiltReport(
  built: BuiltRoundReport,
  expected: { vaultId: number; poolId: bigint; totalReturned: bigint; token: Token },
): void {
  const { report } = built;
  if (hashRoundReport(report) !== built.hash) {
    throw new FundamentError("The fund's server answered a report whose hash is not its own: nothing was sent.");
  }
  if (report.vaultId !== String(expected.vaultId) || report.poolId !== expected.poolId.toString()) {
    throw new FundamentError(
      `The fund's server built the report of vault ${report.vaultId}'s pool ${report.poolId}, not of this round (pool ${expected.poolId}).`,
    );
  }
  let total: bigint | null = null;
  try {
    total = parseUnits(report.total, expected.token.decimals);
  } catch {
    total = null;
  }
  if (total !== expected.totalReturned) {
    const { decimals, symbol } = expected.token;
    throw new FundamentError(
      `The report's total (${report.total} ${symbol}) is not what was collected (${formatTokenAmount(expected.totalReturned, decimals, symbol)}): build it again once the figures have refreshed.`,
    );
  }
}

/** The report's text, indented for reading (the text as it came when it is not JSON). */
export function readableJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
