import { formatSharePrice, fundErrorTexts, fundLimits, type VaultCaps, type VaultFees } from "@fundament/sdk";
import { formatTokenAmount, tokenDecimal } from "../../shared/lib/format";
import { bpsToPercent, parseTokenAmount, percentToBps } from "./admin.helpers";

export { percentToBps };

/**
 * A vault's fees and caps in words, and the admin's typed changes parsed once, at the edge: percents to whole basis
 * points, caps to token units (empty: none), each checked against the contract's limits (`fundLimits`) and said as
 * what the change will do: apply at once, or wait in the timelock.
 */

type Token = { decimals: number; symbol: string };

/** One line of the card: what it is, its value, and a note under it when one helps. */
export type FeeTerm = { label: string; value: string; note?: string };

/**
 * The vault's fees and caps as the card lists them. The mark the current round is measured against is the vault's,
 * at least the round's start price; above it (after a loss), the round's gains up to the mark pay no performance fee.
 */
export function feesAndCapsTerms(
  { fees, caps, startSharePrice }: { fees: VaultFees; caps: VaultCaps; startSharePrice: bigint },
  token: Token,
): FeeTerm[] {
  const mark = fees.highWaterMark > startSharePrice ? fees.highWaterMark : startSharePrice;
  const cap = (units: bigint | null) =>
    units === null ? "None" : formatTokenAmount(units, token.decimals, token.symbol);
  return [
    {
      label: "Management fee",
      value: `${bpsToPercent(fees.managementFeeBps)} a year`,
      note: "Of a round's principal, for the time it is locked.",
    },
    { label: "Performance fee", value: `${bpsToPercent(fees.performanceFeeBps)} of profit above the high-water mark` },
    {
      label: "High-water mark",
      value: `${formatSharePrice(mark)} per share`,
      ...(fees.highWaterMark > startSharePrice && startSharePrice > 0n
        ? {
            note: `This round starts at ${formatSharePrice(startSharePrice)} per share: its gains up to ${formatSharePrice(mark)} win back an earlier loss and pay no performance fee.`,
          }
        : {}),
    },
    { label: "Round cap", value: cap(caps.depositCap), note: "The most a round may hold in all." },
    { label: "Per-investor cap", value: cap(caps.investorCap), note: "The most one investor may hold in a round." },
  ];
}

/** A fee rate as the form shows it: basis points as a plain percent ("0.5", "20"), no sign. */
export function bpsInput(bps: number): string {
  return String(bps / 100);
}

/** A cap as the form shows it: whole tokens ("5000"), empty for none. */
export function capInput(units: bigint | null, decimals: number): string {
  return units === null ? "" : tokenDecimal(units, decimals);
}

export type FeeRates = { managementFeeBps: number; performanceFeeBps: number };
export type FeeInputErrors = { management?: string; performance?: string };

/** The fee form's two fields to rates the contract accepts, or why not (per field). */
export function parseFeeInputs(
  management: string,
  performance: string,
): { rates: FeeRates } | { errors: FeeInputErrors } {
  const managementFeeBps = percentToBps(management);
  const performanceFeeBps = percentToBps(performance);
  const errors: FeeInputErrors = {
    ...(managementFeeBps === null
      ? {
          management: `Enter the management fee as a percent a year, e.g. 1 or 0.5 (at most ${bpsToPercent(fundLimits.MAX_MANAGEMENT_FEE_BPS)}).`,
        }
      : managementFeeBps > fundLimits.MAX_MANAGEMENT_FEE_BPS
        ? { management: fundErrorTexts.FeeAboveCap() }
        : {}),
    ...(performanceFeeBps === null
      ? {
          performance: `Enter the performance fee as a percent of profit, e.g. 20 (at most ${bpsToPercent(fundLimits.MAX_PERFORMANCE_FEE_BPS)}).`,
        }
      : performanceFeeBps > fundLimits.MAX_PERFORMANCE_FEE_BPS
        ? { performance: fundErrorTexts.FeeAboveCap() }
        : {}),
  };
  if (managementFeeBps === null || performanceFeeBps === null || errors.management || errors.performance)
    return { errors };
  return { rates: { managementFeeBps, performanceFeeBps } };
}

/** The largest cap the contract stores (a uint128). */
const MAX_CAP = 2n ** 128n - 1n;

/** A typed cap in whole tokens ("250,000", "5000.5") to token units; empty: none (null); or why not. */
export function parseCapInput(text: string, token: Token): { units: bigint | null } | { error: string } {
  if (text.trim() === "") return { units: null };
  const units = parseTokenAmount(text, token.decimals);
  if (units === null || units > MAX_CAP)
    return { error: `Enter the cap in ${token.symbol}, e.g. 100000, or leave it empty for none.` };
  if (units === 0n) return { error: `Enter a cap above 0 ${token.symbol}, or leave it empty for none.` };
  return { units };
}

export type CapInputErrors = { depositCap?: string; investorCap?: string };

/** The caps form's two fields to caps (null: none), or why not (per field). */
export function parseCapInputs(
  depositCap: string,
  investorCap: string,
  token: Token,
): { caps: VaultCaps } | { errors: CapInputErrors } {
  const round = parseCapInput(depositCap, token);
  const investor = parseCapInput(investorCap, token);
  if ("error" in round || "error" in investor)
    return {
      errors: {
        ...("error" in round ? { depositCap: round.error } : {}),
        ...("error" in investor ? { investorCap: investor.error } : {}),
      },
    };
  return { caps: { depositCap: round.units, investorCap: investor.units } };
}

/** Where a change goes: nowhere (nothing changes), through at once from an admin's wallet, or into the timelock. */
export type ChangeRoute = "unchanged" | "atOnce" | "timelock";

/** A change of fees: any raise is the timelock's (the contract checks the raise of either rate). */
export function feeChangeRoute(current: FeeRates, next: FeeRates): ChangeRoute {
  if (current.managementFeeBps === next.managementFeeBps && current.performanceFeeBps === next.performanceFeeBps)
    return "unchanged";
  return next.managementFeeBps > current.managementFeeBps || next.performanceFeeBps > current.performanceFeeBps
    ? "timelock"
    : "atOnce";
}

/** Raising a cap or removing one (none: null); adding one where there was none, or lowering one, is not. */
const capRaised = (current: bigint | null, next: bigint | null) =>
  current !== null && (next === null || next > current);

/** A change of caps: raising or removing either is the timelock's. */
export function capChangeRoute(current: VaultCaps, next: VaultCaps): ChangeRoute {
  if (current.depositCap === next.depositCap && current.investorCap === next.investorCap) return "unchanged";
  return capRaised(current.depositCap, next.depositCap) || capRaised(current.investorCap, next.investorCap)
    ? "timelock"
    : "atOnce";
}

/** What a fee change will do, said before it is sent; the general rule while the fields do not parse. */
export function feeChangeText(route: ChangeRoute | null): string {
  switch (route) {
    case "unchanged":
      return "These are the vault's fees now: nothing to change.";
    case "atOnce":
      return "A cut: it applies at once, to the locked round too.";
    case "timelock":
      return "A raise: the change waits the timelock's delay in Pending changes, then applies only to rounds locked after it; a round already locked keeps its rates.";
    default:
      return "A cut applies at once, to the locked round too. A raise waits the timelock's delay in Pending changes and applies only to rounds locked after it.";
  }
}

/** What a cap change will do, said before it is sent; the general rule while the fields do not parse. */
export function capChangeText(route: ChangeRoute | null): string {
  switch (route) {
    case "unchanged":
      return "These are the vault's caps now: nothing to change.";
    case "atOnce":
      return "Adding or lowering a cap applies at once; deposits already made stay.";
    case "timelock":
      return "Raising or removing a cap: the change waits the timelock's delay in Pending changes.";
    default:
      return "Adding or lowering a cap applies at once; raising or removing one waits the timelock's delay in Pending changes. Empty: no cap.";
  }
}
