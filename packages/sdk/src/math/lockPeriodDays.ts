import { durationDays } from "./durationDays.js";

/**
 * Length of a lockup in days, from on-chain second timestamps. The original product divided the
 * difference of second timestamps by a day in milliseconds only, which gives 0 for any real lockup
 * (spec section 9 notes the defect); this is the corrected reading: seconds / 86,400, to 2 decimals.
 * Returns 0 when the pool has not been locked yet (no start or end).
 */
export function lockPeriodDays(lockupStartTime: bigint | number, lockupEndTime: bigint | number): number {
  const start = Number(lockupStartTime);
  const end = Number(lockupEndTime);
  if (!start || !end || end <= start) return 0;
  return durationDays(end - start);
}
