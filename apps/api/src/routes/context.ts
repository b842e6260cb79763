import type { InvestmentToken } from "@fundament/sdk";
import type { Config } from "../config.js";
import type { DexChains } from "../convert/dex.js";
import type { Database } from "../db/client.js";
import type { ResponseCache } from "../http/responseCache.js";
import type { Pricer } from "../prices/prices.js";

/** What every route plugin receives. */
export type RouteContext = {
  config: Config;
  database: Database;
  cache: ResponseCache;
  /** The indexed investment token per chain id, filled by the history indexer. */
  tokens: Map<number, InvestmentToken>;
  /** The chains with a DEX (swaps, prices, balances), shared so their clients and token lists are made once. */
  dex: DexChains;
  /** USD prices from the DEX's pools, cached PRICE_CACHE_MS and shared by every route. */
  pricer: Pricer;
};
