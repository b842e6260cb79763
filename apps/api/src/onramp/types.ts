import type { PaymentCurrency, PaymentMethod } from "./money.js";
import type { OnrampNetwork } from "./networks.js";

/** The on-ramp's settings (`Config.onramp`). */
export type OnrampConfig = {
  provider: "local" | "coinbase" | "off";
  treasuryKey: `0x${string}` | undefined;
  eurUsd: number;
  publicUrl: string;
  coinbase: { apiKey: string | undefined; baseUrl: string };
};

/** A purchase currency of `GET /v1/onramp/options` (spec §3 "On-ramp options"). */
export type PurchaseCurrency = {
  id: string;
  name: string;
  symbol: string;
  iconUrl: string;
  networks: (OnrampNetwork & { contract_address: string })[];
};

/** A payment currency with its methods' limits (decimal strings). */
export type PaymentCurrencyOption = {
  id: string;
  payment_method_limits: { id: string; min: string; max: string }[];
};

/** The answer of `GET /v1/onramp/options`. */
export type OnrampOptions = { purchaseCurrencies: PurchaseCurrency[]; paymentCurrencies: PaymentCurrencyOption[] };

/** An amount with its currency (spec §3 "On-ramp quote"). */
export type Money = { amount: string; currency: string };

/** The answer of `POST /v1/onramp/quote`. */
export type OnrampQuote = {
  paymentSubtotal: Money;
  coinbaseFee: Money;
  networkFee: Money;
  paymentTotal: Money;
  purchaseAmount: Money;
  quoteId: string;
};

/** The body of `POST /v1/onramp/quote`, validated. */
export type QuoteRequest = {
  purchaseCurrency: string;
  paymentCurrency: string;
  amount: string;
  network: string;
  paymentMethod: PaymentMethod;
};

/** The body of `POST /v1/generators/onrampurl`, validated. */
export type UrlRequest = {
  destinationWallets: { address: `0x${string}`; blockchains: string[]; assets?: string[] | undefined }[];
  defaultNetwork?: string | undefined;
  partnerUserId?: string | undefined;
  defaultExperience?: "buy" | undefined;
  presetCryptoAmount?: number | undefined;
  presetFiatAmount?: number | undefined;
  quoteId?: string | undefined;
  paymentCurrency?: PaymentCurrency | undefined;
  paymentMethod?: PaymentMethod | undefined;
};

/** Where the on-ramp's three routes are answered: the local checkout or an adapter to a real provider. */
export type OnrampProvider = {
  options(): Promise<OnrampOptions>;
  quote(request: QuoteRequest): Promise<OnrampQuote>;
  /** `clientIp`: the buyer's address (Coinbase's session tokens are bound to it). */
  url(request: UrlRequest, clientIp?: string): Promise<{ url: string }>;
};

/** The answers of a provider that is switched off (spec: "other calls return empty results"). */
export const EMPTY_OPTIONS: OnrampOptions = { purchaseCurrencies: [], paymentCurrencies: [] };
