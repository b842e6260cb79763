import { FundamentError } from "../baseErrors.js";

const seconds = (time: Date | number) => (time instanceof Date ? time.getTime() : time) / 1000;

/**
 * The voting duration the contract takes: end minus start in whole seconds (spec section 5).
 * `start` and `end` are Dates or millisecond timestamps.
 */
export function votingPeriodSeconds(start: Date | number, end: Date | number): bigint {
  const from = seconds(start);
  const to = seconds(end);
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new FundamentError("Choose a start and an end time.");
  const duration = Math.floor(to - from);
  if (duration <= 0) throw new FundamentError("The end time must be after the start time.");
  return BigInt(duration);
}

/** A trimmed, non-empty proposal description. */
export function requireDescription(description: string): string {
  const text = description.trim();
  if (!text) throw new FundamentError("Enter a proposal description.");
  return text;
}
