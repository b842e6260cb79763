import { Decimal } from "./decimal.js";

/** Days in a year for annualising (spec section 9). */
export const DAYS_PER_YEAR = 365;

/** `periodReturn / max(days, 1) * 365`, at precision 20. */
export function annualise(periodReturn: Decimal.Value, days: Decimal.Value): number {
  const span = Decimal.max(new Decimal(days), 1);
  return new Decimal(periodReturn).div(span).mul(DAYS_PER_YEAR).toNumber();
}
