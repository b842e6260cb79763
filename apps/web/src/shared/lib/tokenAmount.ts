import { formatUnits } from "viem";

/** Token units for display: "1,250.5 mUSDC". */
export function formatTokenAmount(units: bigint, decimals: number, symbol: string): string {
  const value = Number(formatUnits(units, decimals));
  return `${value.toLocaleString("en-US", { maximumFractionDigits: Math.min(decimals, 6) })} ${symbol}`.trim();
}

/** A gain or a loss in token units, always signed: "+1,250.5 mUSDC", "−300 mUSDC", "0 mUSDC". */
export function formatSignedTokenAmount(units: bigint, decimals: number, symbol: string): string {
  if (units === 0n) return formatTokenAmount(0n, decimals, symbol);
  const magnitude = formatTokenAmount(units < 0n ? -units : units, decimals, symbol);
  return units < 0n ? `−${magnitude}` : `+${magnitude}`;
}

/** Token units as a plain decimal for files and inputs: "-300.5" (no separators, no symbol). */
export function tokenDecimal(units: bigint, decimals: number): string {
  return formatUnits(units, decimals);
}

/** `part` as a percent of `whole` to two decimals ("12.5%"); "0%" when `whole` is 0. */
export function percentOf(part: bigint, whole: bigint): string {
  if (whole === 0n) return "0%";
  const hundredths = (part * 10_000n) / whole;
  return `${(Number(hundredths) / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}

/** Token units as a compact figure for tables, at most two decimals, no symbol: "16,572.64". */
export function formatTokenFigure(units: bigint, decimals: number): string {
  return Number(formatUnits(units, decimals)).toLocaleString("en-US", { maximumFractionDigits: 2 });
}
