const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** US-English USD (spec section 9), e.g. 1234.5 → "$1,234.50". */
export function formatUsd(value: number): string {
  return usd.format(Number.isFinite(value) ? value : 0);
}
