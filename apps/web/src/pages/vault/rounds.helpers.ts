import { formatSharePrice, type VaultRound } from "@fundament/sdk";
import { formatDateRange, formatTokenAmount, formatTokenColumn, percentOf } from "../../shared/lib/format";

type Token = { decimals: number };
type RoundFields = Pick<
  VaultRound,
  "status" | "lockupStartTime" | "lockupEndTime" | "principal" | "returned" | "profit" | "round" | "proposal"
>;
type FeeFields = Pick<
  VaultRound,
  | "status"
  | "principal"
  | "returned"
  | "fundFee"
  | "managementFee"
  | "performanceFee"
  | "highWaterMark"
  | "startSharePrice"
>;

/**
 * When a round ran: "Sep 24 – Oct 24, 2026" (the year once when both ends share it, else on each end); "Taking
 * deposits" while it is open (its lockup has not started).
 */
export function roundDates(round: Pick<RoundFields, "status" | "lockupStartTime" | "lockupEndTime">): string {
  if (round.status === "open" || round.lockupStartTime === 0) return "Taking deposits";
  return formatDateRange(round.lockupStartTime, round.lockupEndTime);
}

/** A round's principal in the table (in the token, named in the column's header). */
export function roundPrincipal(round: Pick<RoundFields, "principal">, token: Token): string {
  return formatTokenColumn(round.principal, token.decimals);
}

/**
 * What came back from the traders: the settled total, the proposed total while a settlement waits its window, what is
 * collected so far while locked, "—" while open.
 */
export function roundReturned(round: Pick<RoundFields, "status" | "returned" | "proposal">, token: Token): string {
  const { figure, note } = roundReturnedParts(round, token);
  return note ? `${figure} ${note}` : figure;
}

/** `roundReturned` as its figure and its note ("proposed", "so far"), which the table sets under the figure. */
export function roundReturnedParts(
  round: Pick<RoundFields, "status" | "returned" | "proposal">,
  token: Token,
): { figure: string; note: "proposed" | "so far" | null } {
  if (round.status === "settled") return { figure: formatTokenColumn(round.returned, token.decimals), note: null };
  if (round.proposal)
    return { figure: formatTokenColumn(round.proposal.totalReturned, token.decimals), note: "proposed" };
  if (round.status === "locked" && round.returned > 0n)
    return { figure: formatTokenColumn(round.returned, token.decimals), note: "so far" };
  return { figure: "—", note: null };
}

/** The investors' net profit of a settled round, signed, with its percent of the principal; "—" until settled. */
export function roundProfit(round: Pick<RoundFields, "status" | "profit" | "principal">, token: Token): string {
  const { amount, percent } = roundProfitParts(round, token);
  return percent ? `${amount} (${percent})` : amount;
}

/** `roundProfit` as its amount and its percent (the table sets the percent under the amount, to stay narrow). */
export function roundProfitParts(
  round: Pick<RoundFields, "status" | "profit" | "principal">,
  token: Token,
): { amount: string; percent: string | null } {
  if (round.status !== "settled") return { amount: "—", percent: null };
  const sign = round.profit < 0n ? "−" : round.profit > 0n ? "+" : "";
  const magnitude = round.profit < 0n ? -round.profit : round.profit;
  const amount = `${sign}${formatTokenColumn(magnitude, token.decimals)}`;
  if (round.principal === 0n) return { amount, percent: null };
  return { amount, percent: `${sign}${percentOf(magnitude, round.principal)}` };
}

/** "Open", "Locked", "Settlement proposed" (locked, its settlement waiting its window), "Settled". */
export function roundStatusLabel(round: Pick<RoundFields, "status" | "proposal">): string {
  if (round.proposal) return "Settlement proposed";
  return round.status === "open" ? "Open" : round.status === "locked" ? "Locked" : "Settled";
}

/** Whether the round has a report to read: settled, or its settlement proposed (the proposal's report). */
export function roundHasReport(round: Pick<RoundFields, "status" | "proposal">): boolean {
  return round.status === "settled" || round.proposal !== null;
}

/**
 * A settled round's fees in the table: the total, and under it "below the mark" when the round made a profit that
 * only recovered an earlier loss (it started below the vault's high-water mark and paid no performance fee); "—" until
 * settled. `detail` breaks the total down for the cell's title.
 */
export function roundFees(
  round: FeeFields,
  token: Token & { symbol: string },
): { figure: string; note: "below the mark" | null; detail: string | null } {
  if (round.status !== "settled") return { figure: "—", note: null, detail: null };
  const recoveredOnly =
    round.performanceFee === 0n && round.returned > round.principal && round.highWaterMark > round.startSharePrice;
  const detail = `Management fee ${formatTokenAmount(round.managementFee, token.decimals, token.symbol)}, performance fee ${formatTokenAmount(round.performanceFee, token.decimals, token.symbol)} (on profit above the high-water mark of ${formatSharePrice(round.highWaterMark)} per share)`;
  return {
    figure: formatTokenColumn(round.fundFee, token.decimals),
    note: recoveredOnly ? "below the mark" : null,
    detail,
  };
}
