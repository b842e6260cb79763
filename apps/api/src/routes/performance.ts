import type { FastifyPluginAsync } from "fastify";
import { sendCached } from "../http/sendCached.js";
import { buildFuturesPerformance, buildNftLendingPerformance } from "../performance/buildPerformance.js";
import { readSnapshots } from "../performance/readSnapshots.js";
import { NO_KEYS_MESSAGE } from "../sync/runBybitSync.js";
import { getSyncState, JOBS } from "../sync/syncState.js";
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
      (_request, reply) =>
        sendCached(reply, cache, "futures", async () => {
          const { source, snapshots } = await readSnapshots(db, "futures");
          let error: string | null = "No futures performance has been recorded yet";
          if (!config.bybit.credentials) error = NO_KEYS_MESSAGE;
          else error = (await getSyncState(db, JOBS.equity))?.lastError ?? error;
          return buildFuturesPerformance(snapshots, error, source ?? (config.bybit.credentials ? "bybit" : "none"));
        }),
    );

    app.get(
      "/nft-lending/performance",
      {
        schema: {
          tags: ["performance"],
          summary: "NFT lending vault performance: total profit in SOL and the value chart",
        },
      },
      (_request, reply) =>
        sendCached(reply, cache, "nft-lending", async () => {
          const { source, snapshots } = await readSnapshots(db, "nft-lending");
          return buildNftLendingPerformance(
            snapshots,
            "No NFT lending performance has been imported yet (POST /admin/nft-lending/snapshots)",
            source ?? "none",
          );
        }),
    );
  };
}
