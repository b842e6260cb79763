import { createSolanaRpc } from "@solana/kit";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { createJobLock } from "../fleet/jobLock.js";
import type { ResponseCache } from "../http/responseCache.js";
import { type Scheduler, startScheduler } from "../jobs/scheduler.js";
import { SOLANA_SNAPSHOT_JOB, snapshotLendingWallet } from "./snapshotLendingWallet.js";

export type StartSolanaSnapshotsParameters = {
  config: Pick<Config, "solana">;
  db: Db;
  cache?: Pick<ResponseCache, "clear">;
  log: FastifyBaseLogger;
};

/**
 * The NFT-lending wallet snapshot every SOLANA_SNAPSHOT_INTERVAL_SECONDS, when NFT_LENDING_WALLET and
 * SOLANA_RPC_URL are both set (otherwise nothing runs). As the other jobs: each run takes the job's leader lock
 * first (`createJobLock`, pg_try_advisory_lock on PostgreSQL), so in a fleet one instance reads the chain per
 * turn; a run never throws into the API (a failure is recorded in `sync_state` and logged). Stopping the
 * returned scheduler ends the runs at a safe point and releases the lock.
 */
export function startSolanaSnapshots({ config, db, cache, log }: StartSolanaSnapshotsParameters): Scheduler {
  const { nftLendingWallet: wallet, rpcUrl, snapshotIntervalMs } = config.solana;
  if (!wallet || !rpcUrl) {
    log.info("Solana snapshot disabled: NFT_LENDING_WALLET and SOLANA_RPC_URL are not both set");
    return { stop: async () => {} };
  }
  const rpc = createSolanaRpc(rpcUrl);
  const lock = createJobLock(db, log);
  const scheduler = startScheduler(
    [
      {
        name: SOLANA_SNAPSHOT_JOB,
        intervalMs: snapshotIntervalMs,
        run: async (stopping) => {
          const ran = await lock.runExclusive(SOLANA_SNAPSHOT_JOB, async (lost) => {
            await snapshotLendingWallet({
              db,
              rpc,
              wallet,
              signal: AbortSignal.any([stopping, lost]),
              onStored: () => cache?.clear(),
              logFailure: (message, cause) => log.warn({ job: SOLANA_SNAPSHOT_JOB, cause }, message),
            });
          });
          if (!ran) log.debug({ job: SOLANA_SNAPSHOT_JOB }, "another instance runs this job now; skipped this turn");
        },
      },
    ],
    (name, error) =>
      log.error({ job: name, error: error instanceof Error ? error.message : String(error) }, "sync job failed"),
  );
  return {
    async stop() {
      await scheduler.stop();
      await lock.close();
    },
  };
}
