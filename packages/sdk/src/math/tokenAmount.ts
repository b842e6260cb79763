import { formatUnits, parseUnits } from "viem";
import { FundamentError } from "../baseErrors.js";

/** Token units to a decimal number (TVL and rewards are converted from token units, spec section 9). */
export function fromTokenUnits(value: bigint, decimals: number): number {
  return Number(formatUnits(value, decimals));
}

/**
 * A human amount ("1,250.5" or "1250.5") to token units at `decimals` (spec section 5: amounts are
 * converted to the token's decimals before sending). Throws a FundamentError for anything that is not
 * a positive amount with at most `decimals` fraction digits.
 */
export function toTokenUnits(amount: string | number, decimals: number): bigint {
  const text = String(amount).replaceAll(",", "").trim();
  if (!/^\d+(\.\d+)?$/.test(text)) throw new FundamentError("Enter an amount, like 1000 or 1000.50.");
  const fraction = text.split(".")[1] ?? "";
  if (fraction.length > decimals) {
    throw new FundamentError(`Use at most ${decimals} decimal places.`);
  }
  const units = parseUnits(text, decimals);
  if (units <= 0n) throw new FundamentError("Enter an amount above zero.");
  return units;
}
