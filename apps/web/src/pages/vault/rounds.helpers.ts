import type { VaultRound } from "@fundament/sdk";
import { formatDateRange, formatTokenFigure, percentOf } from "../../shared/lib/format";

type Token = { decimals: number };
type RoundFields = Pick<
  VaultRound,
  "status" | "lockupStartTime" | "lockupEndTime" | "principal" | "returned" | "profit" | "round"
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
  return formatTokenFigure(round.principal, token.decimals);
}

/** What came back from the traders: the settled total, what is collected so far while locked, "—" while open. */
export function roundReturned(round: Pick<RoundFields, "status" | "returned">, token: Token): string {
  if (round.status === "settled") return formatTokenFigure(round.returned, token.decimals);
  if (round.status === "locked" && round.returned > 0n)
    return `${formatTokenFigure(round.returned, token.decimals)} so far`;
  return "—";
}

/** The investors' net profit of a settled round, signed, with its percent of the principal; "—" until settled. */
export function roundProfit(round: Pick<RoundFields, "status" | "profit" | "principal">, token: Token): string {
  if (round.status !== "settled") return "—";
  const sign = round.profit < 0n ? "−" : round.profit > 0n ? "+" : "";
  const magnitude = round.profit < 0n ? -round.profit : round.profit;
  const amount = `${sign}${formatTokenFigure(magnitude, token.decimals)}`;
  if (round.principal === 0n) return amount;
  return `${amount} (${sign}${percentOf(magnitude, round.principal)})`;
}

/** "Open", "Locked", "Settled". */
export function roundStatusLabel(status: RoundFields["status"]): string {
  return status === "open" ? "Open" : status === "locked" ? "Locked" : "Settled";
}
