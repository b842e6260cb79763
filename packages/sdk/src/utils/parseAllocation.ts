import { FundamentError } from "../baseErrors.js";
import { formatCount, fundLimits } from "../fundLimits.js";

const { BASIS_POINTS } = fundLimits;

/** A trading wallet's allocation in basis points: a whole number from 1 to `BASIS_POINTS` (10,000). */
export function parseAllocation(allocation: number | string | bigint): bigint {
  const text = String(allocation).replaceAll(",", "").trim();
  if (!/^\d+$/.test(text))
    throw new FundamentError(
      `Enter the allocation as a whole number of basis points (1-${formatCount(BASIS_POINTS)}).`,
    );
  const value = BigInt(text);
  if (value < 1n || value > BASIS_POINTS)
    throw new FundamentError(`Enter an allocation between 1 and ${formatCount(BASIS_POINTS)} basis points.`);
  return value;
}
