import { isAddress, parseUnits } from "viem";
import { formatNumber, formatPercent } from "../../shared/lib/format";

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
  return formatPercent(Number(bps) / 100);
}

/** What settling a round with `returned` would mean for its investors against their `principal`. */
export type SettlementOutcome =
  | { kind: "profit"; amount: bigint }
  | { kind: "even"; amount: 0n }
  | { kind: "loss"; amount: bigint; percent: string };

/**
 * A settlement's outcome: a profit (shared, the fund takes its share), break-even, or a loss (the amount lost and
 * its percent of the principal, to two decimals), which the contract only accepts when confirmed as one.
 */
export function settlementOutcome(principal: bigint, returned: bigint): SettlementOutcome {
  if (returned > principal) return { kind: "profit", amount: returned - principal };
  if (returned === principal) return { kind: "even", amount: 0n };
  const amount = principal - returned;
  const hundredths = principal === 0n ? 0n : (amount * 10_000n) / principal;
  const percent = formatPercent(Number(hundredths) / 100);
  return { kind: "loss", amount, percent };
}

export const MIN_LOCKUP_SECONDS = 3_600;
export const MAX_LOCKUP_SECONDS = 365 * 86_400;

/** A lockup duration typed in days ("30", "0.5") to whole seconds; an error message when it is not 1 hour to 365 days. */
export function parseLockupDays(text: string): { seconds: bigint } | { error: string } {
  const clean = text.replaceAll(",", "").trim();
  const days = Number(clean);
  if (!clean || !/^\d*\.?\d*$/.test(clean) || !Number.isFinite(days) || days <= 0)
    return { error: "Enter the lockup duration in days, e.g. 30." };
  const seconds = Math.round(days * 86_400);
  if (seconds < MIN_LOCKUP_SECONDS || seconds > MAX_LOCKUP_SECONDS)
    return { error: "The lockup duration must be between 1 hour (0.05 days) and 365 days." };
  return { seconds: BigInt(seconds) };
}

/** Seconds as days for display: 2592000 → "30 days". */
export function secondsToDays(seconds: bigint | number): string {
  return `${formatNumber(Number(seconds) / 86_400)} days`;
}

/** Why a round cannot be locked yet (checked before any wallet prompt); null when it can. */
export function lockupBlocker({
  totalFunds,
  allocationBps,
  emergencyState,
}: {
  totalFunds: bigint;
  allocationBps: number;
  emergencyState: boolean;
}): string | null {
  if (emergencyState) return "The fund is in an emergency state: deposits and lockups are paused.";
  if (totalFunds === 0n) return "The round has no deposits yet: there is nothing to lock.";
  if (allocationBps !== 10_000)
    return `The vault's trading wallets' allocations add up to ${bpsToPercent(allocationBps)}; they must add up to 100% before a lockup.`;
  return null;
}
