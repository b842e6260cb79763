import ccxt from "ccxt";
import { guardExchangeErrors } from "./guardExchangeErrors.js";

/** ccxt's Bybit client: the unified methods, and Bybit's own v5 routes (e.g. `privateGetV5AssetDepositQueryRecord`). */
export type Bybit = InstanceType<typeof ccxt.bybit>;

export type CreateBybitParameters = {
  apiKey: string;
  secret: string;
  /** Another host (Bybit testnet, or a local fake in tests); Bybit's own by default. */
  baseUrl?: string | undefined;
  /** Request timeout in ms. */
  timeout?: number;
};

/**
 * A ccxt Bybit client for read-only history and balance calls. Markets are not loaded (the transfer and
 * balance parsers do not need them) and the account is taken as a unified trading account, so each call
 * is exactly one request to its v5 route. Every error it throws has passed `guardExchangeErrors`: the key, the
 * secret and the request's signature are redacted from its message, and the HTTP answer (status, start of the body)
 * is kept for `describeExchangeError`.
 */
export function createBybit({ apiKey, secret, baseUrl, timeout = 10_000 }: CreateBybitParameters): Bybit {
  const exchange = new ccxt.bybit({
    apiKey,
    secret,
    timeout,
    enableRateLimit: true,
    options: {
      enableUnifiedMargin: false,
      enableUnifiedAccount: true,
      unifiedMarginStatus: 6,
      fetchCurrencies: false,
      adjustForTimeDifference: false,
    },
  });
  exchange.setMarkets([]);
  if (baseUrl) {
    const base = baseUrl.replace(/\/$/, "");
    exchange.urls.api = { spot: base, futures: base, v2: base, public: base, private: base };
  }
  return guardExchangeErrors(exchange, { apiKey, secret });
}
