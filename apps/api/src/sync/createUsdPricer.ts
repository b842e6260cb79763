import type { ExchangeTransfer } from "@fundament/sdk";
import ccxt, { type Exchange } from "ccxt";
import { isUsdStablecoin, toCents, transferCoin } from "./amountUsd.js";
import { describeExchangeError, exchangeErrorCause } from "./describeExchangeError.js";

const MINUTE_MS = 60_000;

export type CreateUsdPricerParameters = {
  /** The exchange client the sync uses (its public kline route gives the prices). */
  exchange: Exchange;
  /** Failures worth an operator's attention (the exchange erred or was unreachable). */
  log?: (line: string) => void;
  /** Expected gaps: no such market, or no candle for the minute. */
  debug?: (line: string) => void;
};

export type UsdPricer = {
  /** The transfer's value in US dollars at its time, or null when no price can be had. Never throws. */
  amountUsd(transfer: ExchangeTransfer): Promise<number | null>;
};

/**
 * Prices transfers in US dollars: a stablecoin at its amount; any other coin at the close of the 1-minute
 * `${COIN}/USDT` candle containing the transfer's time (ccxt `fetchOHLCV`, Bybit's `GET /v5/market/kline`).
 * Prices are cached per (coin, minute) for the pricer's life (one sync run), so a page of transfers costs at
 * most one request per distinct coin-minute. A failed price is null, logged, and never thrown.
 */
export function createUsdPricer({ exchange, log = () => {}, debug = () => {} }: CreateUsdPricerParameters): UsdPricer {
  const prices = new Map<string, Promise<number | null>>();

  const fetchPrice = async (coin: string, minute: number): Promise<number | null> => {
    const symbol = `${coin}/USDT`;
    const when = new Date(minute).toISOString();
    try {
      addSpotMarket(exchange, coin, "USDT");
      const [candle] = await exchange.fetchOHLCV(symbol, "1m", minute, 1);
      const close = candle?.[4];
      // Bybit answers the first candle at or after `start`: one of a later minute is not this minute's price.
      if (!candle || candle[0] !== minute || typeof close !== "number" || !Number.isFinite(close) || close <= 0) {
        debug(`No USD price for ${coin}: Bybit has no ${symbol} candle for the minute ${when}`);
        return null;
      }
      return close;
    } catch (error) {
      // An operator's log line: the plain sentence and the exchange's own words.
      const line = `No USD price for ${coin} at ${when}: ${describeExchangeError(error)} Cause: ${exchangeErrorCause(error).message}`;
      if (error instanceof ccxt.BadSymbol) debug(line);
      else log(line);
      return null;
    }
  };

  return {
    async amountUsd(transfer) {
      const coin = transferCoin(transfer);
      if (isUsdStablecoin(coin)) return transfer.amount;
      if (!coin || !Number.isFinite(transfer.amount) || !(transfer.timestamp > 0)) return null;
      const minute = Math.floor(transfer.timestamp / MINUTE_MS) * MINUTE_MS;
      const key = `${coin}:${minute}`;
      let price = prices.get(key);
      if (!price) {
        price = fetchPrice(coin, minute);
        prices.set(key, price);
      }
      const close = await price;
      return close === null ? null : toCents(transfer.amount * close);
    },
  };
}

/**
 * Makes `${base}/${quote}` a known spot market of a client that loads no markets (see createBybit), so ccxt
 * can build the kline request without the several requests `loadMarkets` costs. A pair Bybit does not list
 * is then refused by Bybit itself ("Not supported symbols").
 */
function addSpotMarket(exchange: Exchange, base: string, quote: string): void {
  const symbol = `${base}/${quote}`;
  if (exchange.markets?.[symbol]) return;
  const market = exchange.safeMarketStructure({
    id: `${base}${quote}`,
    symbol,
    base,
    quote,
    baseId: base,
    quoteId: quote,
    type: "spot",
    spot: true,
    margin: false,
    swap: false,
    future: false,
    option: false,
    contract: false,
    active: true,
  });
  exchange.setMarkets([...Object.values(exchange.markets ?? {}), market]);
}
