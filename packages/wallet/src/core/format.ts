/**
 * One way to write an address, an amount and a date, for the wallet's views and for an app built on the wallet (the
 * fund app's `shared/lib/format.ts` builds its token figures on these, exported from `@fundament/wallet/core`):
 * - address: `0x1234…abcd` (the full address in the element's title)
 * - amount: at most 2 decimals, rounded half up, trailing zeros dropped, "<0.01" for dust; full precision where it
 *   matters (what a signature sends, form inputs) by passing more decimals
 * - date and time: "Nov 23, 2026, 07:30 UTC"
 */
import { formatUnits } from "viem";

export const DISPLAY_DECIMALS = 2;

/** `0xf39F…2266` (0x, 4 characters, an ellipsis, the last 4); short strings as they are. */
export function shortenAddress(address: string): string {
  if (address.length <= 11) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

const group = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * A decimal string ("1234567.005", "-3.5") with grouping and at most `maxDecimals` decimals, rounded half up, trailing
 * zeros dropped; a non-zero value that rounds to 0 reads "<0.01".
 */
export function formatNumeric(numeric: string, maxDecimals = DISPLAY_DECIMALS): string {
  const negative = numeric.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? numeric.slice(1) : numeric).split(".");
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return numeric;
  const decimals = fraction.length;
  const units = BigInt(whole + fraction);
  const keep = Math.min(maxDecimals, decimals);
  const drop = 10n ** BigInt(decimals - keep);
  const rounded = drop === 1n ? units : (units + drop / 2n) / drop;
  const scale = 10n ** BigInt(keep);
  const kept = keep ? (rounded % scale).toString().padStart(keep, "0").replace(/0+$/, "") : "";
  let text = kept ? `${group((rounded / scale).toString())}.${kept}` : group((rounded / scale).toString());
  if (rounded === 0n && units > 0n) text = `<0.${"0".repeat(Math.max(keep - 1, 0))}1`;
  return negative && units > 0n ? `−${text}` : text;
}

/** Token units with at most `maxDecimals` decimals and grouping: `10,000 ETH`, `0.5 ETH`, `<0.01 ETH`. */
export function formatAmount(value: bigint, decimals: number, symbol?: string, maxDecimals = DISPLAY_DECIMALS): string {
  const out = formatNumeric(formatUnits(value, decimals), maxDecimals);
  return symbol ? `${out} ${symbol}` : out;
}

/** The full precision of a decimal string, grouped, for titles and confirmations: "1,234.000001". */
export function formatNumericExact(numeric: string): string {
  return formatNumeric(numeric, Number.POSITIVE_INFINITY);
}

/** A date and time (milliseconds), en-US, UTC: "Nov 23, 2026, 07:30 UTC"; "" when not a time. */
export function formatDateTime(ms: number): string {
  if (!Number.isFinite(ms)) return "";
  return `${new Date(ms).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    // h23, not hour12: false (which writes midnight as "24:00" in en-US).
    hourCycle: "h23",
    timeZone: "UTC",
  })} UTC`;
}
