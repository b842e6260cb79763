import { formatUnits, parseUnits } from "viem";
import { formatNumeric } from "../../core/format.js";
import type { SmartAccountSponsorship } from "./types.js";

/** The amount "Add ETH for gas" offers: enough for a few self-paid operations on a cheap chain. */
export const DEFAULT_GAS_TOP_UP = "0.01";

/** Decimals shown for gas amounts (small figures: "0.0083 ETH"). */
const GAS_DECIMALS = 4;

/** A gas figure in the native currency: "0.0083 ETH", "<0.0001 ETH", "0 ETH". */
export function formatGasAmount(wei: bigint, symbol: string, decimals = 18): string {
  return `${formatNumeric(formatUnits(wei, decimals), GAS_DECIMALS)} ${symbol}`;
}

/** The sponsorship line: "Gas sponsored by the fund: 0.0083 ETH left" or "Gas not sponsored: not on the whitelist." */
export function sponsorshipText(sponsorship: SmartAccountSponsorship, symbol: string, decimals = 18): string {
  return sponsorship.sponsored
    ? `Gas sponsored by ${sponsorship.sponsor}: ${formatGasAmount(sponsorship.remaining, symbol, decimals)} left`
    : `Gas not sponsored: ${sponsorship.reason}. It pays its own gas from its ${symbol}.`;
}

export type GasTopUpCheck = { ok: true; value: bigint } | { ok: false; message: string };

/**
 * Checks the "Add ETH for gas" amount: a positive decimal in the native currency, no more than the owner holds
 * (when known). Returns the wei to send, or the reason in plain words.
 */
export function checkGasTopUp(input: string, symbol: string, ownerBalance?: bigint, decimals = 18): GasTopUpCheck {
  const text = input.trim();
  if (text === "") return { ok: false, message: `Enter how much ${symbol} to add.` };
  if (!/^\d*\.?\d*$/.test(text) || text === ".")
    return { ok: false, message: `Enter an amount of ${symbol}, e.g. 0.01.` };
  const [, fraction = ""] = text.split(".");
  if (fraction.length > decimals) return { ok: false, message: `${symbol} has at most ${decimals} decimals.` };
  const value = parseUnits(text, decimals);
  if (value <= 0n) return { ok: false, message: `Enter an amount of ${symbol} above 0.` };
  if (ownerBalance !== undefined && value > ownerBalance) {
    return {
      ok: false,
      message: `Your wallet holds ${formatNumeric(formatUnits(ownerBalance, decimals), GAS_DECIMALS)} ${symbol}: not enough to add ${text} ${symbol} (and pay the transfer's gas).`,
    };
  }
  return { ok: true, value };
}
