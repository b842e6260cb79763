import { HttpError, isPublicText } from "../http/errors.js";
import type { OnrampNetwork } from "./networks.js";
import type {
  Money,
  OnrampOptions,
  OnrampProvider,
  OnrampQuote,
  PurchaseCurrency,
  QuoteRequest,
  UrlRequest,
} from "./types.js";

/** Coinbase Onramp's hosted checkout; the URL generator answers `…/buy/select-asset?sessionToken=…`. */
export const COINBASE_PAY_URL = "https://pay.coinbase.com/buy/select-asset";

/** The country the options and quotes are asked for (Coinbase answers per country). */
export const COINBASE_COUNTRY = "US";

/** How long one call to Coinbase may take (ms). */
export const COINBASE_TIMEOUT_MS = 10_000;

/** The answer while Coinbase cannot be reached or answers nonsense. */
export const PROVIDER_UNAVAILABLE = "The on-ramp provider is not available right now; try again shortly";

type Json = Record<string, unknown>;

const record = (value: unknown): Json => (typeof value === "object" && value !== null ? (value as Json) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
/** A field under its camelCase name (the v1 API's JSON) or its snake_case name (older answers). */
const field = (object: Json, camel: string, snake: string): unknown => object[camel] ?? object[snake];

const money = (value: unknown): Money => {
  const object = record(value);
  const amount = str(object.value ?? object.amount);
  const currency = str(object.currency);
  if (!amount || !currency) throw new HttpError(502, PROVIDER_UNAVAILABLE);
  return { amount, currency };
};

/** Maps Coinbase's buy options to the spec's shape (networks' fields in snake_case). */
export function mapOptions(body: unknown): OnrampOptions {
  const object = record(body);
  const purchaseCurrencies = list(field(object, "purchaseCurrencies", "purchase_currencies")).map(
    (item): PurchaseCurrency => {
      const currency = record(item);
      return {
        id: str(currency.id),
        name: str(currency.name),
        symbol: str(currency.symbol),
        iconUrl: str(field(currency, "iconUrl", "icon_url")),
        networks: list(currency.networks).map((entry) => {
          const network = record(entry);
          return {
            name: str(network.name),
            display_name: str(field(network, "displayName", "display_name")),
            chain_id: str(field(network, "chainId", "chain_id")),
            contract_address: str(field(network, "contractAddress", "contract_address")),
          } satisfies OnrampNetwork & { contract_address: string };
        }),
      };
    },
  );
  const paymentCurrencies = list(field(object, "paymentCurrencies", "payment_currencies")).map((item) => {
    const currency = record(item);
    return {
      id: str(currency.id),
      payment_method_limits: list(field(currency, "limits", "payment_method_limits")).map((entry) => {
        const limit = record(entry);
        return { id: str(limit.id), min: str(limit.min), max: str(limit.max) };
      }),
    };
  });
  return { purchaseCurrencies, paymentCurrencies };
}

/** Maps Coinbase's buy quote to the spec's shape. */
export function mapQuote(body: unknown): OnrampQuote {
  const object = record(body);
  const quoteId = str(field(object, "quoteId", "quote_id"));
  if (!quoteId) throw new HttpError(502, PROVIDER_UNAVAILABLE);
  return {
    paymentSubtotal: money(field(object, "paymentSubtotal", "payment_subtotal")),
    coinbaseFee: money(field(object, "coinbaseFee", "coinbase_fee")),
    networkFee: money(field(object, "networkFee", "network_fee")),
    paymentTotal: money(field(object, "paymentTotal", "payment_total")),
    purchaseAmount: money(field(object, "purchaseAmount", "purchase_amount")),
    quoteId,
  };
}

/** The checkout URL for a session token and the request's presets (Coinbase's documented URL parameters). */
export function coinbaseUrl(token: string, request: UrlRequest): string {
  const url = new URL(COINBASE_PAY_URL);
  url.searchParams.set("sessionToken", token);
  const wallet = request.destinationWallets[0];
  const network = request.defaultNetwork ?? wallet?.blockchains[0];
  const asset = wallet?.assets?.[0];
  const params: [string, string | number | undefined][] = [
    ["defaultNetwork", network],
    ["defaultAsset", asset],
    ["defaultExperience", request.defaultExperience ?? "buy"],
    ["partnerUserId", request.partnerUserId],
    ["presetCryptoAmount", request.presetCryptoAmount],
    ["presetFiatAmount", request.presetFiatAmount],
    ["fiatCurrency", request.paymentCurrency],
    ["defaultPaymentMethod", request.paymentMethod],
    ["quoteId", request.quoteId],
  ];
  for (const [name, value] of params)
    if (value !== undefined && value !== "") url.searchParams.set(name, String(value));
  return url.toString();
}

/** Options of the Coinbase adapter: its API's base URL and key, and the client's IP address for session tokens. */
export type CoinbaseOptions = { baseUrl: string; apiKey: string; fetch?: typeof fetch };

/**
 * The Coinbase Onramp adapter (ONRAMP_PROVIDER=coinbase): options from `GET /onramp/v1/buy/options`, quotes from
 * `POST /onramp/v1/buy/quote`, and checkout URLs from a session token (`POST /onramp/v1/token`) on
 * `https://pay.coinbase.com/buy/select-asset`. The key is sent as the Bearer token. Coinbase's own refusals (4xx with
 * a plain message) are passed on as 400; anything else is 502 with `PROVIDER_UNAVAILABLE`.
 */
export function coinbaseOnramp(options: CoinbaseOptions): OnrampProvider & {
  url(request: UrlRequest, clientIp?: string): Promise<{ url: string }>;
} {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;

  const call = async (method: "GET" | "POST", path: string, body?: Json): Promise<unknown> => {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: "application/json",
          ...(body && { "content-type": "application/json" }),
        },
        ...(body && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(COINBASE_TIMEOUT_MS),
      });
    } catch {
      throw new HttpError(502, PROVIDER_UNAVAILABLE);
    }
    const answer = await response.json().catch(() => undefined);
    if (response.ok && answer !== undefined) return answer;
    const message = str(record(answer).message);
    if (response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 403)
      throw new HttpError(400, message && isPublicText(message) ? message : PROVIDER_UNAVAILABLE);
    throw new HttpError(502, PROVIDER_UNAVAILABLE);
  };

  return {
    async options() {
      return mapOptions(await call("GET", `/onramp/v1/buy/options?country=${COINBASE_COUNTRY}`));
    },

    async quote(request: QuoteRequest) {
      return mapQuote(
        await call("POST", "/onramp/v1/buy/quote", {
          purchaseCurrency: request.purchaseCurrency,
          purchaseNetwork: request.network,
          paymentAmount: request.amount,
          paymentCurrency: request.paymentCurrency,
          paymentMethod: request.paymentMethod,
          country: COINBASE_COUNTRY,
        }),
      );
    },

    async url(request: UrlRequest, clientIp?: string) {
      const assets = [...new Set(request.destinationWallets.flatMap((wallet) => wallet.assets ?? []))];
      const answer = record(
        await call("POST", "/onramp/v1/token", {
          addresses: request.destinationWallets.map((wallet) => ({
            address: wallet.address,
            blockchains: wallet.blockchains,
          })),
          ...(assets.length > 0 && { assets }),
          ...(clientIp && { clientIp }),
        }),
      );
      const token = str(answer.token);
      if (!token) throw new HttpError(502, PROVIDER_UNAVAILABLE);
      return { url: coinbaseUrl(token, request) };
    },
  };
}
