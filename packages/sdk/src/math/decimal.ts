import { Decimal as DecimalJs } from "decimal.js";

/** decimal.js at the spec's precision of 20 significant digits (section 9), isolated from other users. */
export const Decimal = DecimalJs.clone({ precision: 20, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = DecimalJs;
// A namespace for `Decimal.Value`, as decimal.js declares it.
export declare namespace Decimal {
  type Value = DecimalJs.Value;
}
