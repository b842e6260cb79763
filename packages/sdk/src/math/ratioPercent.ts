import { Decimal } from "./decimal.js";

/** `part / whole * 100` at precision 20; 0 when `whole` is 0 (an empty pool). */
export function ratioPercent(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  return new Decimal(part.toString()).div(whole.toString()).mul(100).toNumber();
}
