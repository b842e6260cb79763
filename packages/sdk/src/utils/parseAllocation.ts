import { FundamentError } from "../baseErrors.js";

/** A trading wallet's allocation in basis points: a whole number from 1 to 10,000. */
export function parseAllocation(allocation: number | string | bigint): bigint {
  const text = String(allocation).replaceAll(",", "").trim();
  if (!/^\d+$/.test(text))
    throw new FundamentError("Enter the allocation as a whole number of basis points (1-10,000).");
  const value = BigInt(text);
  if (value < 1n || value > 10_000n) throw new FundamentError("Enter an allocation between 1 and 10,000 basis points.");
  return value;
}
