/**
 * A percent with `fractionDigits` fraction digits, 3 by default (spec section 9). `value` is already
 * in percent: 4.5 → "4.500%".
 */
export function formatPercent(value: number, fractionDigits = 3): string {
  const safe = Number.isFinite(value) ? value : 0;
  return `${safe.toLocaleString("en-US", {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  })}%`;
}
