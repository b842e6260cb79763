import { messages } from "../../core/messages.js";
import { fetchPrices, nativeTokenId } from "../prices/createPricesClient.js";
import type { OnrampQuote } from "./createOnrampClient.js";
import { centsToFiat, type PaymentMethod, parseFiatAmount } from "./onrampLimits.js";

/** The label of a quote computed in the wallet when the provider's quote fails. */
export const ESTIMATE_LABEL = messages.onrampQuoteUnavailable;

/** USD per EUR used by an estimate (the API's default ONRAMP_EUR_USD). */
export const DEFAULT_EUR_USD = 1.08;

/** Provider fee rates used by an estimate (the local provider's: card 1.5 %, bank 1 %). */
export const ESTIMATE_FEE_RATES: Record<PaymentMethod, number> = { CARD: 0.015, ACH_BANK_ACCOUNT: 0.01 };

/** A quote the wallet computed itself; its network fee is unknown (`networkFee.amount` is ""). */
export type OnrampEstimate = OnrampQuote & { estimate: true };

/** Whether a token is a USD stable coin (its price is taken as 1 when the API does not price it). */
export function isUsdToken(symbol: string): boolean {
  return /usd/i.test(symbol);
}

/**
 * A mock quote (spec §8 "On-ramp quote failure"): the amount bought is the subtotal, in USD, divided by the token's
 * USD price; the provider fee is the method's rate; the network fee is unknown.
 */
export function estimateOnrampQuote(p: {
  amount: string;
  paymentCurrency: string;
  paymentMethod: PaymentMethod;
  purchase: { symbol: string; decimals: number };
  priceUsd: number;
  eurUsd?: number | undefined;
}): OnrampEstimate {
  const cents = parseFiatAmount(p.amount) ?? 0n;
  const feeCents = BigInt(Math.round(Number(cents) * ESTIMATE_FEE_RATES[p.paymentMethod]));
  const usd = (Number(cents) / 100) * (p.paymentCurrency === "EUR" ? (p.eurUsd ?? DEFAULT_EUR_USD) : 1);
  const places = Math.min(p.purchase.decimals, 6);
  const bought = p.priceUsd > 0 ? usd / p.priceUsd : 0;
  const money = (c: bigint) => ({ amount: centsToFiat(c), currency: p.paymentCurrency });
  return {
    paymentSubtotal: money(cents),
    coinbaseFee: money(feeCents),
    networkFee: { amount: "", currency: p.paymentCurrency },
    paymentTotal: money(cents + feeCents),
    purchaseAmount: { amount: bought.toFixed(places), currency: p.purchase.symbol },
    quoteId: "",
    estimate: true,
  };
}

/**
 * The USD price an estimate uses: the API's `POST /v1/fungible/price`, else 1 for a USD token. Throws when the
 * token has no price.
 */
export async function estimatePriceUsd(p: {
  apiUrl: string;
  chainId: number;
  /** The token's contract; empty or undefined for the native token. */
  address?: string | undefined;
  symbol: string;
  fetch?: typeof fetch | undefined;
}): Promise<number> {
  const id = p.address ? `eip155:${p.chainId}:${p.address}` : nativeTokenId(p.chainId);
  const price = await fetchPrices({ apiUrl: p.apiUrl, addresses: [id], fetch: p.fetch })
    .then((m) => m.get(id.toLowerCase()))
    .catch(() => undefined);
  if (price !== undefined && price > 0) return price;
  if (isUsdToken(p.symbol)) return 1;
  throw new Error(`No price for ${p.symbol}`);
}
