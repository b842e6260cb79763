import type { Db } from "../db/client.js";
import { publicError } from "../http/errors.js";
import { getSyncState, JOBS } from "../jobs/syncState.js";
import { NO_KEYS_MESSAGE } from "../sync/runBybitSync.js";
import { buildFuturesPerformance, buildNftLendingPerformance } from "./buildPerformance.js";
import { readDailySnapshots, readSnapshots } from "./readSnapshots.js";

/** The JSON text of `GET /futures/performance`: one record per UTC day, reduced in SQL. */
export async function futuresPerformanceJson(
  db: Db,
  config: { bybit: { credentials: object | undefined } },
): Promise<string> {
  const keys = Boolean(config.bybit.credentials);
  const { source, snapshots } = await readDailySnapshots(db, "futures");
  // The error shows only while there is no record, so the job's state is read only then.
  let error: string | null = null;
  if (snapshots.length === 0)
    error = keys
      ? (publicError((await getSyncState(db, JOBS.equity))?.lastError) ??
        "No futures performance has been recorded yet")
      : NO_KEYS_MESSAGE;
  return JSON.stringify(buildFuturesPerformance(snapshots, error, source ?? (keys ? "bybit" : "none")));
}

/** The JSON text of `GET /nft-lending/performance`: every imported point, as the chart shows them. */
export async function nftLendingPerformanceJson(db: Db): Promise<string> {
  const { source, snapshots } = await readSnapshots(db, "nft-lending");
  return JSON.stringify(
    buildNftLendingPerformance(
      snapshots,
      "No NFT lending performance has been imported yet (POST /admin/nft-lending/snapshots)",
      source ?? "none",
    ),
  );
}
