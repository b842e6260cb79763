export type PeriodUnit = "hours" | "days";

/** The contract accepts voting periods from 1 hour to 90 days. */
export const MIN_VOTING_SECONDS = 3_600;
export const MAX_VOTING_SECONDS = 90 * 86_400;

/** Checks the create-proposal form; null when it can be sent. */
export function validateProposal(description: string, period: string, unit: PeriodUnit): string | null {
  if (!description.trim()) return "Enter a proposal description.";
  if (new TextEncoder().encode(description.trim()).length > 2_000)
    return "The proposal description is too long (2,000 bytes at most).";
  const amount = Number(period);
  if (!period.trim() || !Number.isFinite(amount) || amount <= 0) return "Enter a voting period.";
  const seconds = amount * (unit === "days" ? 86_400 : 3_600);
  if (seconds < MIN_VOTING_SECONDS || seconds > MAX_VOTING_SECONDS)
    return "The voting period must be between 1 hour and 90 days.";
  return null;
}

/** The start and end the sdk takes (it sends end minus start in whole seconds). */
export function votingWindow(period: string, unit: PeriodUnit, now = Date.now()): { start: Date; end: Date } {
  const ms = Number(period) * (unit === "days" ? 86_400_000 : 3_600_000);
  return { start: new Date(now), end: new Date(now + ms) };
}

/** Share of the votes for, in percent of all votes cast (0 when none). */
export function votesForPercent(votesFor: number, votesAgainst: number): number {
  const total = votesFor + votesAgainst;
  return total === 0 ? 0 : (votesFor / total) * 100;
}
