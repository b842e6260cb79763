/**
 * The app's one way to write an address, an amount (token and USD), a percentage and a date. Pages use these and
 * nothing else (no toFixed / toLocaleString / Intl.NumberFormat of their own); `@fundament/sdk`'s spec formatters
 * stay for the spec's call sites (its `formatPercent` keeps the 3-digit default).
 *
 * - address: `0x1234…abcd`, the full address in the element's title (`addressTitle`)
 * - token amount: at most 2 decimals in cards, tables and statements, the full precision in the title
 *   (`tokenTitle`); an amount that 2 decimals would show as 0 reads "<0.01"; full precision (`tokenDecimal`) in form
 *   inputs, exact calls and CSV files
 * - USD: en-US dollars, 2 decimals ("$1,234.50", "-$12.35")
 * - percent: at most 2 decimals ("12.5%")
 * - date: "Nov 14, 2023" (UTC); date and time: "Nov 23, 2026, 07:30 UTC"
 */
import { DISPLAY_DECIMALS, formatAmount, formatNumericExact } from "@fundament/wallet/core";
import { formatUnits } from "viem";

// The wallet layer's rules for addresses, token figures and dates are the app's: one implementation of each.
export { formatDateTime, shortenAddress } from "@fundament/wallet/core";

const MINUS = "−";

/** Token units as a figure with at most 2 decimals, no symbol: "16,572.64", "−300", "<0.01". */
export function formatTokenFigure(units: bigint, decimals: number): string {
  return formatAmount(units, decimals);
}

/**
 * Token units in a table's column: always 2 decimals, so a column reads one way ("15,970.40", "27,624.00",
 * "26,519.04"); "<0.01" for dust.
 */
export function formatTokenColumn(units: bigint, decimals: number): string {
  const text = formatTokenFigure(units, decimals);
  if (!/\d$/.test(text) || text.startsWith("<")) return text;
  const [whole, fraction = ""] = text.split(".");
  return `${whole}.${fraction.padEnd(2, "0")}`;
}

/** Token units for display, at most 2 decimals: "1,250.5 mUSDC", "300 mUSDC" for 299.999999. */
export function formatTokenAmount(units: bigint, decimals: number, symbol: string): string {
  return `${formatTokenFigure(units, decimals)} ${symbol}`.trim();
}

/** A gain or a loss, always signed: "+1,250.5 mUSDC", "−300 mUSDC", "0 mUSDC". */
export function formatSignedTokenAmount(units: bigint, decimals: number, symbol: string): string {
  const text = formatTokenAmount(units, decimals, symbol);
  return units > 0n ? `+${text}` : text;
}

/** The full precision of an amount, for the element's title: "16,572.640001 mUSDC". */
export function tokenTitle(units: bigint, decimals: number, symbol: string): string {
  return `${formatNumericExact(formatUnits(units, decimals))} ${symbol}`.trim();
}

/** Token units as a plain decimal for files, inputs and exact calls: "-300.5" (no separators, no symbol). */
export function tokenDecimal(units: bigint, decimals: number): string {
  return formatUnits(units, decimals);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** US dollars, en-US, 2 decimals: 1234.5 → "$1,234.50"; not a number → "$0.00". */
export function formatUsd(value: number): string {
  return usd.format(Number.isFinite(value) ? value : 0);
}

/** A plain number with grouping and at most `digits` decimals (counts, days, voting power): "1,234.5". */
export function formatNumber(value: number, digits = DISPLAY_DECIMALS): string {
  const safe = Number.isFinite(value) ? value : 0;
  return safe.toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: digits });
}

/** An amount of a coin given as a number (exchange transfers, SOL): at most 2 decimals, "<0.01" for dust. */
export function formatCoinAmount(value: number, symbol = ""): string {
  const safe = Number.isFinite(value) ? value : 0;
  const text = safe !== 0 && Math.abs(safe) < 0.005 ? `${safe < 0 ? MINUS : ""}<0.01` : formatNumber(safe);
  return `${text} ${symbol}`.trim();
}

/** A signed change in percent, at most 2 decimals: "+12.5%", "−3.25%", "0%". */
export function formatSignedPercent(value: number): string {
  const safe = Number.isFinite(value) ? value : 0;
  const text = formatPercent(Math.abs(safe));
  if (text === "0%") return text;
  return safe > 0 ? `+${text}` : `${MINUS}${text}`;
}

/** Whole US dollars for chart axes: "$12,500". */
export function formatUsdWhole(value: number): string {
  const safe = Number.isFinite(value) ? value : 0;
  return safe.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
}

/** A value already in percent with at most 2 decimals: 12.345 → "12.35%", 4.5 → "4.5%". */
export function formatPercent(value: number, digits = DISPLAY_DECIMALS): string {
  return `${formatNumber(value, digits)}%`;
}

/** `part` as a percent of `whole`, at most 2 decimals (truncated, so a loss never reads smaller); "0%" for 0. */
export function percentOf(part: bigint, whole: bigint): string {
  if (whole === 0n) return "0%";
  return formatPercent(Number((part * 10_000n) / whole) / 100);
}

/**
 * When something ran, two second timestamps: "Sep 24 – Oct 24, 2026" (the year once when both ends share it).
 */
export function formatDateRange(startSeconds: number, endSeconds: number): string {
  const sameYear = new Date(startSeconds * 1000).getUTCFullYear() === new Date(endSeconds * 1000).getUTCFullYear();
  const start = new Date(startSeconds * 1000).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
    timeZone: "UTC",
  });
  return `${start} – ${formatDate(endSeconds)}`;
}

/** A date (second timestamp), en-US, UTC: "Nov 14, 2023"; "" for 0. */
export function formatDate(seconds: bigint | number): string {
  if (!Number(seconds)) return "";
  return new Date(Number(seconds) * 1000).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** "3d 4h left", "12m left", or `ended` for a second timestamp relative to `now` (ms). */
export function timeLeft(endSeconds: number, now = Date.now(), ended = "Voting ended"): string {
  const seconds = Math.floor(endSeconds - now / 1000);
  if (seconds <= 0) return ended;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days}d ${hours}h left`;
  if (hours > 0) return `${hours}h ${minutes}m left`;
  return `${Math.max(1, minutes)}m left`;
}
