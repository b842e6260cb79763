import { formatUnits } from "viem";

/** `0xf39F…2266`. */
export function shortenAddress(address: string, chars = 4): string {
  if (address.length <= chars * 2 + 2) return address;
  return `${address.slice(0, chars + 2)}…${address.slice(-chars)}`;
}

/** A token amount with at most `maxDecimals` decimals and grouping, e.g. `10,000 ETH` or `0.0012 ETH`. */
export function formatAmount(value: bigint, decimals: number, symbol?: string, maxDecimals = 4): string {
  const text = formatUnits(value, decimals);
  const [whole = "0", fraction = ""] = text.split(".");
  const grouped = BigInt(whole).toLocaleString("en-US");
  const trimmed = fraction.slice(0, maxDecimals).replace(/0+$/, "");
  let out = trimmed ? `${grouped}.${trimmed}` : grouped;
  if (out === "0" && value > 0n) out = `<0.${"0".repeat(maxDecimals - 1)}1`;
  return symbol ? `${out} ${symbol}` : out;
}

/** A decimal string (e.g. from `quantity.numeric`) shown with at most `maxDecimals` decimals. */
export function formatNumeric(numeric: string, maxDecimals = 4): string {
  const [whole = "0", fraction = ""] = numeric.split(".");
  const trimmed = fraction.slice(0, maxDecimals).replace(/0+$/, "");
  const grouped = /^\d+$/.test(whole) ? BigInt(whole).toLocaleString("en-US") : whole;
  return trimmed ? `${grouped}.${trimmed}` : grouped;
}
