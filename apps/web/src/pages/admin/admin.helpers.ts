import { isAddress, parseUnits } from "viem";

export const INVALID_ADDRESS = "Enter a valid wallet address: 0x followed by 40 hexadecimal characters.";

/** Checks a typed address; null when valid. */
export function addressError(text: string): string | null {
  const value = text.trim();
  if (!value) return "Enter a wallet address.";
  return isAddress(value, { strict: false }) ? null : INVALID_ADDRESS;
}

/** Checks a trading wallet's allocation in basis points (1-10,000); null when valid. */
export function allocationError(text: string): string | null {
  const value = text.replaceAll(",", "").trim();
  if (!/^\d+$/.test(value)) return "Enter the allocation as a whole number of basis points (1-10,000).";
  const n = Number(value);
  return n >= 1 && n <= 10_000 ? null : "Enter an allocation between 1 and 10,000 basis points.";
}

/** A token amount typed in whole tokens to units; null when not a number ≥ 0 with at most `decimals` fraction digits. */
export function parseTokenAmount(text: string, decimals: number): bigint | null {
  const clean = text.replaceAll(",", "").trim();
  if (!/^\d+(\.\d*)?$/.test(clean)) return null;
  const fraction = clean.split(".")[1] ?? "";
  if (fraction.length > decimals) return null;
  return parseUnits(clean, decimals);
}

/** Basis points as a percent: 6000 → "60%". */
export function bpsToPercent(bps: number | bigint): string {
  return `${(Number(bps) / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}
