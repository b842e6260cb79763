import { HttpError } from "../http/errors.js";

/** Coinbase's payment method ids the on-ramp offers. */
export const PAYMENT_METHODS = ["CARD", "ACH_BANK_ACCOUNT"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The fiat currencies the on-ramp takes. */
export const PAYMENT_CURRENCIES = ["USD", "EUR"] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

/** Spec §5: card 10.00 to 7500.00; bank account (ach) 10.00 to 25000.00, for USD and EUR alike (in cents). */
export const LIMITS: Record<PaymentMethod, { min: bigint; max: bigint }> = {
  CARD: { min: 1_000n, max: 750_000n },
  ACH_BANK_ACCOUNT: { min: 1_000n, max: 2_500_000n },
};

/** The local provider's fee in basis points: card 1.5 %, bank 1 % (spec: fee range 1–2 %). */
export const FEE_BASIS_POINTS: Record<PaymentMethod, bigint> = { CARD: 150n, ACH_BANK_ACCOUNT: 100n };

/** The spec's texts for a method's name in the limit message. */
const METHOD_WORDS: Record<PaymentMethod, string> = { CARD: "card", ACH_BANK_ACCOUNT: "bank" };

/** The spec's answer for a currency or network the on-ramp does not offer. */
export const NOT_OFFERED = "This currency is not offered on this network";

/** A fiat amount as the API takes it: digits with at most two decimals, e.g. "100" or "100.00". */
export const FIAT_PATTERN = /^\d{1,12}(?:\.\d{1,2})?$/;

/** Cents of a fiat decimal string ("100.5" → 10050n). */
export function toCents(amount: string): bigint {
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
}

/** A fiat decimal string with two decimals (10050n → "100.50"). */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/** Cents with thousands separators ("7,500.00"). */
export function groupedCents(cents: bigint): string {
  const [whole = "0", fraction = "00"] = fromCents(cents).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/** Base units as a decimal string with all of the token's decimals (100000000n, 6 → "100.000000"). */
export function formatUnitsFixed(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString();
  const text = units.toString().padStart(decimals + 1, "0");
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/** Refuses an amount outside the method's limits with the spec's sentence. */
export function checkLimits(cents: bigint, currency: string, method: PaymentMethod): void {
  const { min, max } = LIMITS[method];
  if (cents < min || cents > max) {
    throw new HttpError(
      400,
      `Enter an amount from ${groupedCents(min)} to ${groupedCents(max)} ${currency} for ${METHOD_WORDS[method]} payments`,
    );
  }
}

/** The provider fee on a subtotal, rounded half up to the cent. */
export function providerFee(cents: bigint, method: PaymentMethod): bigint {
  return (cents * FEE_BASIS_POINTS[method] + 5_000n) / 10_000n;
}

/** Scale of USD values and prices in this module: 1e8 (a USD amount of 1 is 100_000_000n). */
export const USD_SCALE = 100_000_000n;

/** A positive number as an integer scaled by 1e8 (prices and rates). */
export function scaled(value: number): bigint {
  return BigInt(Math.round(value * 1e8));
}

/** The USD value (×1e8) of fiat cents in `currency`, at `eurUsd` USD per EUR. */
export function centsToUsd(cents: bigint, currency: PaymentCurrency, eurUsd: number): bigint {
  const perUnit = currency === "USD" ? USD_SCALE : scaled(eurUsd);
  return (cents * perUnit) / 100n;
}

/** Cents of `currency` worth a USD value (×1e8), rounded up (a fee never rounds to less than it costs). */
export function usdToCentsUp(usd: bigint, currency: PaymentCurrency, eurUsd: number): bigint {
  const perUnit = currency === "USD" ? USD_SCALE : scaled(eurUsd);
  return (usd * 100n + perUnit - 1n) / perUnit;
}
