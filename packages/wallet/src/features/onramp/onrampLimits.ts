import { ONRAMP_LIMITS } from "../../core/constants.js";
import { formatNumeric } from "../../core/format.js";

/** The payment methods the Buy view offers (Coinbase's ids). */
export const PAYMENT_METHODS = ["CARD", "ACH_BANK_ACCOUNT"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The fiat currencies the Buy view offers. */
export const PAYMENT_CURRENCIES = ["USD", "EUR"] as const;

/** The label of a payment method in the Buy view. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CARD: "Card",
  ACH_BANK_ACCOUNT: "Bank transfer",
};

/** One payment method's limits in a fiat currency (decimal strings, "10.00"). */
export type PaymentMethodLimit = { id: string; min: string; max: string };

/** The spec's default limits (§5): card 10.00–7500.00, bank account (ach) 10.00–25000.00, for USD and EUR. */
export const DEFAULT_PAYMENT_METHOD_LIMITS: readonly PaymentMethodLimit[] = [
  { id: "CARD", ...ONRAMP_LIMITS.card },
  { id: "ACH_BANK_ACCOUNT", ...ONRAMP_LIMITS.ach },
];

/** Shown when the amount is not a positive number with at most 2 decimals. */
export const ENTER_VALID_FIAT_AMOUNT = "Enter a valid amount";

const fiat = (value: string) => {
  const [whole = "0", cents = ""] = formatNumeric(value, 2).split(".");
  return `${whole}.${cents.padEnd(2, "0")}`;
};

/** 'Enter an amount from 10.00 to 7,500.00 USD for card payments' (bank: '… for bank payments'). */
export function limitsText(limit: PaymentMethodLimit, currency: string): string {
  const kind = limit.id === "CARD" ? "card" : "bank";
  return `Enter an amount from ${fiat(limit.min)} to ${fiat(limit.max)} ${currency} for ${kind} payments`;
}

/** A fiat amount in cents, or undefined when it is not a positive decimal with at most 2 decimals. */
export function parseFiatAmount(text: string): bigint | undefined {
  const t = text.trim().replaceAll(",", "");
  if (!/^\d+(\.\d{1,2})?$/.test(t) && !/^\d*\.\d{1,2}$/.test(t)) return undefined;
  const [whole = "", cents = ""] = t.split(".");
  const value = BigInt(whole || "0") * 100n + BigInt(cents.padEnd(2, "0") || "0");
  return value > 0n ? value : undefined;
}

/** Cents as a 2-decimal string: 1050n → "10.50". */
export function centsToFiat(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
}

/**
 * Checks a typed fiat amount against a payment method's limits before a quote is asked: the error text (the
 * contract's sentence) or undefined when the amount can be bought.
 */
export function checkFiatAmount(p: {
  amount: string;
  currency: string;
  limit: PaymentMethodLimit | undefined;
}): string | undefined {
  const cents = parseFiatAmount(p.amount);
  if (cents === undefined) return ENTER_VALID_FIAT_AMOUNT;
  if (!p.limit) return undefined;
  const min = parseFiatAmount(p.limit.min) ?? 0n;
  const max = parseFiatAmount(p.limit.max);
  if (cents < min || (max !== undefined && cents > max)) return limitsText(p.limit, p.currency);
  return undefined;
}

/** A fiat amount with grouping and exactly 2 decimals: "7,500.00". */
export function formatFiat(value: string): string {
  return fiat(value);
}
