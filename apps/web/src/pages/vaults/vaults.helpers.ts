import type { LiveVault } from "@fundament/sdk";
import type { BadgeStatus } from "../../shared/components/StatusBadge";
import { formatNumber, formatPercent, formatUsd } from "../../shared/lib/format";

/** "Round 3". */
export function roundLabel(round: number): string {
  return `Round ${formatNumber(round, 0)}`;
}

/**
 * The current round's status as a person reads it: "Open", "Locked until Dec 21, 2026", "Open, winding down" once
 * the vault takes deposits no more, or "Open, deposits paused" while the fund's emergency state or the vault's pause
 * stops deposits. A vault is never "Settled": its next round opens at settlement.
 */
export function vaultStatusLabel(
  vault: Pick<LiveVault, "status" | "unlockDate" | "acceptsDeposits"> &
    Partial<Pick<LiveVault, "windingDown" | "proposedSettlement">>,
): string {
  if (vault.status === "locked" && vault.proposedSettlement) return "Locked, settlement proposed";
  if (vault.status === "locked") return vault.unlockDate ? `Locked until ${vault.unlockDate}` : "Locked";
  if (vault.windingDown) return "Open, winding down";
  return vault.acceptsDeposits ? "Open" : "Open, deposits paused";
}

/** The badge colour of the current round. */
export function vaultBadgeStatus(vault: Pick<LiveVault, "status">): BadgeStatus {
  return vault.status === "locked" ? "locked" : "open";
}

/** The unlock date as a person reads it: the date once the round is locked, else when it will be set. */
export function unlockText(vault: Pick<LiveVault, "status" | "unlockDate">): string {
  if (vault.unlockDate && vault.status === "locked") return vault.unlockDate;
  return "Set at lockup";
}

/** "1 round", "3 rounds". */
export function roundsCount(count: number): string {
  return count === 1 ? "1 round" : `${formatNumber(count, 0)} rounds`;
}

/** Under this many days of settled rounds, a return is shown as it is, not annualised (a week's +10% is not 14,000%). */
export const MIN_DAYS_TO_ANNUALISE = 30;

/** The vault's own result, net of fees, from its settled rounds: its label, the figure and a note. */
export type HistoricalFigure = { label: "Historical APY" | "Historical return"; text: string; note: string };

/**
 * The headline: "Historical APY" (the settled rounds' net returns compounded and annualised) once the rounds cover
 * MIN_DAYS_TO_ANNUALISE days; before that, "Historical return" (compounded, not annualised) with the days it covers;
 * "—" before the first settlement.
 */
export function historicalFigure(vault: Pick<LiveVault, "historicalApyPercent" | "roundReturns">): HistoricalFigure {
  const returns = vault.roundReturns;
  if (vault.historicalApyPercent === null || returns.length === 0)
    return { label: "Historical APY", text: "—", note: "No round settled yet" };
  const rounds = `${formatNumber(returns.length, 0)} settled ${returns.length === 1 ? "round" : "rounds"}`;
  const days = returns.reduce((sum, round) => sum + round.days, 0);
  if (days >= MIN_DAYS_TO_ANNUALISE)
    return {
      label: "Historical APY",
      text: formatPercent(vault.historicalApyPercent),
      note: `net of fees, over ${rounds}`,
    };
  const growth = returns.reduce((product, round) => product * (1 + round.returnPercent / 100), 1);
  return {
    label: "Historical return",
    text: formatPercent((growth - 1) * 100),
    note: `net of fees, over ${rounds} (${formatNumber(Math.round(days), 0)} days: too short to annualise)`,
  };
}

/**
 * Where the spec's APY (shown as the estimated APY) comes from: the API's demo payload, the trading account's
 * performance data, or the static fallback yield.
 */
export function estimatedApySource(
  vault: Pick<LiveVault, "performance" | "apyFromPerformance">,
  performance: { futures?: unknown; nft?: unknown } | undefined,
): "demo data" | "trading account" | "fallback" {
  if (!vault.apyFromPerformance) return "fallback";
  return apyIsDemo(vault, performance) ? "demo data" : "trading account";
}

/** "Rewards", or "Net result" once the settled rounds lost more than they made: a loss is not a reward. */
export function rewardsLabel(vault: Pick<LiveVault, "rewardsUsd">): "Rewards" | "Net result" {
  return vault.rewardsUsd < 0 ? "Net result" : "Rewards";
}

/**
 * The rewards' note: net of the fund's fees, with the result before fees beside it once they differ ("Net over 2
 * rounds; -$1,466.00 before fees").
 */
export function rewardsNote(vault: Pick<LiveVault, "rewardsUsd" | "rewardsGrossUsd" | "settledRounds">): string {
  if (vault.settledRounds === 0) return "No round settled yet";
  const rounds = roundsCount(vault.settledRounds);
  if (vault.rewardsGrossUsd === vault.rewardsUsd) return `Net over ${rounds}`;
  return `Net over ${rounds}; ${formatUsd(vault.rewardsGrossUsd)} before fees`;
}

/** Whether an API payload is demo data (the API marks what it seeded for the demo with `source: "demo"`). */
export function isDemoPayload(payload: unknown): boolean {
  return typeof payload === "object" && payload !== null && (payload as { source?: unknown }).source === "demo";
}

/**
 * Whether the vault's APY is computed from demo data: it comes from the performance payload (not the fallback yield)
 * and that payload is the demo's.
 */
export function apyIsDemo(
  vault: Pick<LiveVault, "performance" | "apyFromPerformance">,
  performance: { futures?: unknown; nft?: unknown } | undefined,
): boolean {
  if (!vault.apyFromPerformance || !performance || vault.performance === null) return false;
  return isDemoPayload(vault.performance === "futures" ? performance.futures : performance.nft);
}
