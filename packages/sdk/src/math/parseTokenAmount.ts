import { parseUnits } from "viem";
import { FundamentError } from "../baseErrors.js";

/** Base of the errors `parseTokenAmount` throws: the amount as typed is not one the fund can take. */
export class InvalidTokenAmountError extends FundamentError {
  override name = "InvalidTokenAmountError";
}

/** Nothing typed, or not a number in the amount grammar ("1e3", "-5", "abc", "."). */
export class TokenAmountFormatError extends InvalidTokenAmountError {
  override name = "TokenAmountFormatError";
  constructor() {
    super("Enter an amount, like 1000 or 1000.50.");
  }
}

/** More fraction digits than the token has decimals. */
export class TokenAmountPrecisionError extends InvalidTokenAmountError {
  override name = "TokenAmountPrecisionError";
  readonly decimals: number;
  constructor(decimals: number) {
    super(`Use at most ${decimals} decimal places.`);
    this.decimals = decimals;
  }
}

/** Zero (or only zeros). */
export class TokenAmountNotPositiveError extends InvalidTokenAmountError {
  override name = "TokenAmountNotPositiveError";
  constructor() {
    super("Enter an amount above zero.");
  }
}

/**
 * The amount grammar, once commas (thousands separators) and surrounding spaces are gone: digits with an optional
 * fraction, where either side of the point may be empty but not both. ".5" is 0.5 and "5." is 5, as people write them.
 */
const AMOUNT = /^(\d+\.?\d*|\.\d+)$/;

/**
 * The one parser of a typed amount ("1,250.5", "1250.5", ".5", "5.") to token units at `decimals` (spec section 5:
 * amounts are converted to the token's decimals before sending). Used at the edge (the invest widget, a form) so the
 * SDK's writes take units and never parse text again. Throws `TokenAmountFormatError` for anything that is not a
 * number in the grammar, `TokenAmountPrecisionError` for more than `decimals` fraction digits and
 * `TokenAmountNotPositiveError` for zero; each a FundamentError whose `shortMessage` is said as is.
 */
export function parseTokenAmount(text: string, decimals: number): bigint {
  const clean = text.replaceAll(",", "").trim();
  if (!AMOUNT.test(clean)) throw new TokenAmountFormatError();
  const [whole = "", fraction = ""] = clean.split(".");
  if (fraction.length > decimals) throw new TokenAmountPrecisionError(decimals);
  // viem's parseUnits reads an empty side as zero; both sides are written out so that stays explicit.
  const units = parseUnits(`${whole || "0"}.${fraction || "0"}`, decimals);
  if (units <= 0n) throw new TokenAmountNotPositiveError();
  return units;
}
