import { DAYS_PER_YEAR } from "./annualise.js";
import { Decimal } from "./decimal.js";

const SECONDS_PER_DAY = 86_400;

/** One settled round's result for its investors, net of the fund's fees. */
export type RoundReturn = {
  /** The round's number in its vault: 1 for the vault's first pool. */
  round: number;
  poolId: bigint;
  /** (what came back to the investors − the principal) / the principal × 100: net of management and performance fees. */
  returnPercent: number;
  /** The lockup's length in days, at least 1. */
  days: number;
};

/** A settled round's figures, in token units and second timestamps. */
export type SettledRound = {
  round: number;
  poolId: bigint;
  /** What the round locked (`preLockupTotal`). */
  principal: bigint;
  /** What came back to the investors, net of fees (`postLockupTotal`). */
  returned: bigint;
  lockupStartTime: bigint | number;
  lockupEndTime: bigint | number;
};

/** A round's net return in percent: (returned − principal) / principal × 100. `principal` must not be 0. */
export function roundReturnPercent(principal: bigint, returned: bigint): number {
  return new Decimal((returned - principal).toString()).div(principal.toString()).mul(100).toNumber();
}

/** A lockup's length in days from its second timestamps, unrounded; at least 1 (a shorter lockup counts as a day). */
export function lockupDays(lockupStartTime: bigint | number, lockupEndTime: bigint | number): number {
  const days = (Number(lockupEndTime) - Number(lockupStartTime)) / SECONDS_PER_DAY;
  return Number.isFinite(days) ? Math.max(days, 1) : 1;
}

/** A settled round's net return and its length. `principal` must not be 0. */
export function roundReturn(round: SettledRound): RoundReturn {
  return {
    round: round.round,
    poolId: round.poolId,
    returnPercent: roundReturnPercent(round.principal, round.returned),
    days: lockupDays(round.lockupStartTime, round.lockupEndTime),
  };
}

/** The rounds' growth compounded: Π(1 + returnPercent / 100). */
function compoundedGrowth(returns: readonly Pick<RoundReturn, "returnPercent">[]): Decimal {
  return returns.reduce(
    (growth, { returnPercent }) => growth.mul(new Decimal(returnPercent).div(100).plus(1)),
    new Decimal(1),
  );
}

/**
 * The realised APY of a run of settled rounds, in percent: their net returns compounded and annualised over the days
 * they were locked, (Π(1 + r))^(365 / Σ days) − 1. Null when there is no round; −100 once the growth is ≤ 0 (all
 * was lost).
 */
export function historicalApyPercent(returns: readonly Pick<RoundReturn, "returnPercent" | "days">[]): number | null {
  if (returns.length === 0) return null;
  const growth = compoundedGrowth(returns);
  if (growth.lte(0)) return -100;
  const days = returns.reduce((sum, { days }) => sum + Math.max(days, 1), 0);
  return growth.pow(new Decimal(DAYS_PER_YEAR).div(days)).minus(1).mul(100).toNumber();
}
