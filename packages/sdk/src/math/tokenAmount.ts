import { formatUnits } from "viem";
import { parseTokenAmount } from "./parseTokenAmount.js";

/** Token units to a decimal number (TVL and rewards are converted from token units, spec section 9). */
export function fromTokenUnits(value: bigint, decimals: number): number {
  return Number(formatUnits(value, decimals));
}

/**
 * A human amount ("1,250.5", "1250.5", ".5", "5.") to token units at `decimals`: `parseTokenAmount`, the SDK's one
 * amount grammar, for callers that hold a number or text (admin forms: a vault's minimum, its caps). Throws its typed
 * errors (each a FundamentError) for anything that is not a positive amount with at most `decimals` fraction digits.
 */
export function toTokenUnits(amount: string | number, decimals: number): bigint {
  return parseTokenAmount(String(amount), decimals);
}
