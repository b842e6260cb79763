import type { FastifyPluginAsync } from "fastify";
import { sendCached } from "../http/sendCached.js";
import { futuresPerformanceJson, nftLendingPerformanceJson } from "../performance/performanceJson.js";
import type { RouteContext } from "./context.js";

/** `GET /futures/performance` and `GET /nft-lending/performance`, read from the database. */
export function performanceRoutes({ config, database, cache }: RouteContext): FastifyPluginAsync {
  const { db } = database;
  return async (app) => {
    app.get(
      "/futures/performance",
      {
        schema: {
          tags: ["performance"],
          summary: "Futures vault performance: initial and current TVL in USD, one record per day (day/month/year)",
        },
      },
      (_request, reply) => sendCached(reply, cache, "futures", () => futuresPerformanceJson(db, config)),
    );

    app.get(
      "/nft-lending/performance",
      {
        schema: {
          tags: ["performance"],
          summary: "NFT lending vault performance: total profit in SOL and the value chart",
        },
      },
      (_request, reply) => sendCached(reply, cache, "nft-lending", () => nftLendingPerformanceJson(db)),
    );
  };
}
