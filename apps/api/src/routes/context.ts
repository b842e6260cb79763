import type { InvestmentToken } from "@fundament/sdk";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { ResponseCache } from "../http/responseCache.js";

/** What every route plugin receives. */
export type RouteContext = {
  config: Config;
  database: Database;
  cache: ResponseCache;
  /** The indexed investment token per chain id, filled by the history indexer. */
  tokens: Map<number, InvestmentToken>;
};
