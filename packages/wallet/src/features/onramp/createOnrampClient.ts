import * as z from "zod/mini";
import { ApiError } from "../../core/errors.js";
import { messages } from "../../core/messages.js";

const networkSchema = z.object({
  name: z.string(),
  display_name: z._default(z.string(), ""),
  chain_id: z.string(),
  contract_address: z._default(z.string(), ""),
});
const purchaseCurrencySchema = z.object({
  id: z.string(),
  name: z._default(z.string(), ""),
  symbol: z.string(),
  iconUrl: z._default(z.string(), ""),
  networks: z.array(networkSchema),
});
const paymentCurrencySchema = z.object({
  id: z.string(),
  payment_method_limits: z.array(z.object({ id: z.string(), min: z.string(), max: z.string() })),
});
const optionsSchema = z.object({
  purchaseCurrencies: z.array(purchaseCurrencySchema),
  paymentCurrencies: z.array(paymentCurrencySchema),
});
const moneySchema = z.object({ amount: z.string(), currency: z.string() });
const quoteSchema = z.object({
  paymentSubtotal: moneySchema,
  coinbaseFee: moneySchema,
  networkFee: moneySchema,
  paymentTotal: moneySchema,
  purchaseAmount: moneySchema,
  quoteId: z._default(z.string(), ""),
});
const urlSchema = z.object({ url: z.string() });
const errorSchema = z.object({ message: z.string() });

/** A network a purchase currency is delivered on (`contract_address` empty for the native token). */
export type OnrampNetwork = z.infer<typeof networkSchema>;
/** A token that can be bought (spec §3 "On-ramp options"). */
export type OnrampPurchaseCurrency = z.infer<typeof purchaseCurrencySchema>;
/** A fiat currency and its payment methods' limits. */
export type OnrampPaymentCurrency = z.infer<typeof paymentCurrencySchema>;
/** `GET /v1/onramp/options`. */
export type OnrampOptions = z.infer<typeof optionsSchema>;
/** An amount and its currency. */
export type OnrampMoney = z.infer<typeof moneySchema>;
/** `POST /v1/onramp/quote` (spec §3 "On-ramp quote"). */
export type OnrampQuote = z.infer<typeof quoteSchema>;

/** The body of `POST /v1/onramp/quote`. */
export type OnrampQuoteParameters = {
  purchaseCurrency: string;
  paymentCurrency: string;
  /** The fiat to pay before fees, "100.00". */
  amount: string;
  network: string;
  paymentMethod?: string | undefined;
};

/** The body of `POST /v1/generators/onrampurl`. */
export type OnrampUrlParameters = {
  destinationWallets: { address: string; blockchains: string[]; assets: string[] }[];
  defaultNetwork: string;
  partnerUserId: string;
  defaultExperience: "buy";
  presetCryptoAmount?: number | undefined;
  presetFiatAmount?: number | undefined;
  quoteId?: string | undefined;
  paymentCurrency?: string | undefined;
  paymentMethod?: string | undefined;
};

export type OnrampClient = {
  /** `GET /v1/onramp/options`: tokens that can be bought and the payment methods' limits. */
  options(): Promise<OnrampOptions>;
  /** `POST /v1/onramp/quote`: fees, total and the amount of tokens; throws the API's sentence on a 400. */
  quote(parameters: OnrampQuoteParameters): Promise<OnrampQuote>;
  /** `POST /v1/generators/onrampurl`: the checkout URL to open. */
  url(parameters: OnrampUrlParameters): Promise<string>;
};

export type CreateOnrampClientParameters = {
  /** The API base URL. */
  apiUrl: string;
  fetch?: typeof fetch | undefined;
};

/** The on-ramp client of the API's `/v1/onramp/*` and `/v1/generators/onrampurl` routes. */
export function createOnrampClient(p: CreateOnrampClientParameters): OnrampClient {
  const base = p.apiUrl.replace(/\/$/, "");
  const call = async <T>(
    path: string,
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
    body?: unknown,
  ): Promise<T> => {
    const doFetch = p.fetch ?? fetch;
    const res = await doFetch(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers:
        body === undefined
          ? { accept: "application/json" }
          : { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const error = errorSchema.safeParse(json);
      // A 400 carries the API's sentence (limits, unknown currency); anything else is the catalogue's text.
      const text = res.status === 400 && error.success ? error.data.message : messages.somethingWentWrong;
      throw new ApiError(text, { status: res.status });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ApiError(messages.somethingWentWrong, { status: res.status });
    return parsed.data;
  };
  return {
    options: () => call("/v1/onramp/options", optionsSchema),
    quote: (q) => call("/v1/onramp/quote", quoteSchema, q),
    url: async (u) => (await call("/v1/generators/onrampurl", urlSchema, u)).url,
  };
}
