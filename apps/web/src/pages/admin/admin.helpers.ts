import { isAddress, parseUnits } from "viem";
import { formatNumber, formatPercent } from "../../shared/lib/format";

export const INVALID_ADDRESS = "Enter a valid wallet address: 0x followed by 40 hexadecimal characters.";

/** Checks a typed address; null when valid. */
export function addressError(text: string): string | null {
  const value = text.trim();
  if (!value) return "Enter a wallet address.";
  return isAddress(value, { strict: false }) ? null : INVALID_ADDRESS;
}

/**
 * A typed percent ("2", "0.5", "12.25%") to whole basis points, exactly (no floating point); null when it is not a
 * percent with at most two decimals.
 */
export function percentToBps(text: string): number | null {
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/\s*%$/, ""));
  if (!match || (match[1] === "" && !match[2])) return null;
  const whole = Number(match[1] || "0");
  const hundredths = Number((match[2] ?? "").padEnd(2, "0"));
  const bps = whole * 100 + hundredths;
  return Number.isSafeInteger(bps) ? bps : null;
}

/** The most a vault's trading wallets' allocations add up to: 100% (the contract's 10,000 basis points). */
const FULL_ALLOCATION_BPS = 10_000;

/**
 * A trading wallet's allocation typed as a percent ("60", "12.5", "33.33 %") to the basis points the contract takes,
 * or why not, before any prompt: 0.01% to 100%, at most two decimals, and with `othersBps` (the vault's other wallets)
 * at most 100% in all.
 */
export function parseAllocationPercent(text: string, othersBps = 0): { bps: number } | { error: string } {
  const bps = percentToBps(text);
  if (bps === null) return { error: "Enter the allocation as a percent, e.g. 60 or 12.5 (at most 2 decimals)." };
  if (bps < 1 || bps > FULL_ALLOCATION_BPS) return { error: "Enter an allocation from 0.01% to 100%." };
  if (othersBps + bps > FULL_ALLOCATION_BPS)
    return {
      error: `With the other wallets' ${bpsToPercent(othersBps)} that makes ${bpsToPercent(othersBps + bps)}; the allocations can add up to 100% at most.`,
    };
  return { bps };
}

/** An allocation as the edit field shows it: basis points as a plain percent ("60", "12.5"), no sign. */
export function allocationInput(bps: number | bigint): string {
  return String(Number(bps) / 100);
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
