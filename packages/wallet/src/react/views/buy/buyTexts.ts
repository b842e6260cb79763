import type { OnrampQuote } from "../../../features/onramp/createOnrampClient.js";
import type { OnrampEstimate } from "../../../features/onramp/estimateOnrampQuote.js";

/** How long typing pauses before a quote is asked. */
export const BUY_QUOTE_DEBOUNCE_MS = 400;
/** How often the balance is read while a purchase is awaited. */
export const BUY_POLL_MS = 2_000;
/** The waiting state's title. */
export const WAITING_FOR_PURCHASE = "Waiting for your purchase…";
/** Shown above the form when `/v1/onramp/options` failed and the built-in defaults are used. */
export const USING_DEFAULT_OPTIONS = "The provider's options are unavailable: showing the default tokens and limits.";
/** Shown when nothing can be bought on the connected chain. */
export const BUY_NOT_AVAILABLE = "Buying is not available on this network.";

/** The success state's title: '100 mUSDC arrived'. */
export function purchaseArrived(amount: string, symbol: string): string {
  return `${amount} ${symbol} arrived`;
}

/** A quote of the provider, or the wallet's own estimate. */
export type BuyQuote = OnrampQuote | OnrampEstimate;

/** The checkout that was opened: its page, the balance before it, and the token awaited. */
export type Checkout = { url: string; baseline: bigint; symbol: string; contract: string };
