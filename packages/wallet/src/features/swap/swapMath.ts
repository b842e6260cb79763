import { formatUnits, parseUnits } from "viem";
import { SLIPPAGE_TOLERANCE } from "../../core/constants.js";
import { formatNumeric } from "../../core/format.js";

/** Slippage presets (percent) the Swap view offers besides a custom value. */
export const SLIPPAGE_PRESETS = ["0.1", "0.5", "1"] as const;
/** Custom slippage bounds (percent). */
export const SLIPPAGE_MIN = 0.01;
/** The largest custom slippage (percent). */
export const SLIPPAGE_MAX = 50;
/** Price impact above this percent is warned about. */
export const PRICE_IMPACT_WARNING = 5;
/** The default slippage (spec: SLIPPAGE_TOLERANCE). */
export const DEFAULT_SLIPPAGE = String(SLIPPAGE_TOLERANCE);

/** Shown when a custom slippage is out of range. */
export const SLIPPAGE_OUT_OF_RANGE = `Slippage must be between ${SLIPPAGE_MIN} and ${SLIPPAGE_MAX} %`;

/** Whether a slippage text is a percent within 0.01–50 (at most 2 decimals), as the API's build-transaction accepts. */
export function isValidSlippage(text: string): boolean {
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text.trim())) return false;
  const n = Number(text);
  return n >= SLIPPAGE_MIN && n <= SLIPPAGE_MAX;
}

/** The minimum received: `toAmount × (1 − slippage/100)`, rounded down, in base units. */
export function minimumReceived(toAmount: bigint, slippage: string): bigint {
  const bps = parseUnits(slippage.trim(), 2); // percent with 2 decimals = basis points
  return (toAmount * (10_000n - bps)) / 10_000n;
}

/** A base-unit amount for people: grouped, at most `maxDecimals` decimals. */
export function formatTokenAmount(value: bigint | string, decimals: number, maxDecimals = 2): string {
  return formatNumeric(formatUnits(BigInt(value), decimals), maxDecimals);
}

/** "1 ETH = 2,990.12 mUSDC": the quote's rate, to-token per one from-token. */
export function formatRate(
  quote: { fromAmount: string; toAmount: string },
  from: { symbol: string; decimals: number },
  to: { symbol: string; decimals: number },
): string {
  const fromAmount = BigInt(quote.fromAmount);
  if (fromAmount === 0n) return "";
  // to per one from, kept with 18 extra decimals of precision.
  const scaled = (BigInt(quote.toAmount) * 10n ** BigInt(from.decimals) * 10n ** 18n) / fromAmount;
  const rate = formatUnits(scaled, to.decimals + 18);
  return `1 ${from.symbol} = ${formatNumeric(rate, rate.startsWith("0.") ? 6 : 2)} ${to.symbol}`;
}

/** Whether a price impact (percent text) is high enough to warn. */
export function isHighPriceImpact(priceImpact: string): boolean {
  return Number(priceImpact) > PRICE_IMPACT_WARNING;
}

/** Parses a typed amount into base units; undefined when it is not a positive amount with at most `decimals`. */
export function parseAmount(text: string, decimals: number): bigint | undefined {
  const t = text.trim();
  if (!/^\d*\.?\d*$/.test(t) || t === "" || t === ".") return undefined;
  const fraction = t.split(".")[1] ?? "";
  if (fraction.length > decimals) return undefined;
  const value = parseUnits(t, decimals);
  return value > 0n ? value : undefined;
}
