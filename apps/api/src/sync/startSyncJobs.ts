import { createFundPublicClient, type InvestmentToken, isSupportedChainId } from "@fundament/sdk";
import type { FastifyBaseLogger } from "fastify";
import { type Client, createPublicClient, http } from "viem";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { createJobLock } from "../fleet/jobLock.js";
import type { ResponseCache } from "../http/responseCache.js";
import { type ScheduledJob, type Scheduler, startScheduler } from "../jobs/scheduler.js";
import { JOBS, recordRun } from "../jobs/syncState.js";
import { createBybit } from "./createBybit.js";
import { exchangeErrorCause } from "./describeExchangeError.js";
import { indexTokenTransfers } from "./indexTokenTransfers.js";
import { runBybitSync } from "./runBybitSync.js";

export type StartSyncJobsParameters = {
  config: Config;
  db: Db;
  cache: ResponseCache;
  tokens: Map<number, InvestmentToken>;
  log: FastifyBaseLogger;
};

/** A chain error in a few plain words (viem's short message, never its request dump). */
function describeChainError(error: unknown): string {
  const short = (error as { shortMessage?: unknown }).shortMessage;
  const text =
    typeof short === "string" ? short : error instanceof Error ? error.message.split("\n")[0] : String(error);
  return `The chain indexer failed at ${new Date().toISOString()}: ${text}`;
}

/**
 * The background jobs: the Bybit sync every `SYNC_INTERVAL_SECONDS` (only when keys are set; otherwise
 * the missing keys are recorded once for /health) and the token-transfer indexer every
 * `HISTORY_INTERVAL_SECONDS` when a deployment and an RPC address are known.
 *
 * A fleet: each run takes its job's lock first (createJobLock), so on one PostgreSQL every job runs in exactly
 * one instance at a time; an instance whose turn finds the lock held skips that turn, and takes the job over
 * at a later turn once the holder is gone. Stopping the returned scheduler stops the runs at a safe point and
 * releases the locks.
 */
export async function startSyncJobs({ config, db, cache, tokens, log }: StartSyncJobsParameters): Promise<Scheduler> {
  const jobs: ScheduledJob[] = [];
  const lock = createJobLock(db, log);
  /** Runs `work` when this instance holds `name`'s lock; the run stops at a safe point on shutdown or lost lock. */
  const exclusive =
    (name: string, work: (signal: AbortSignal) => Promise<void>) =>
    async (stopping: AbortSignal): Promise<void> => {
      const ran = await lock.runExclusive(name, (lost) => work(AbortSignal.any([stopping, lost])));
      if (!ran) log.debug({ job: name }, "another instance runs this job now; skipped this turn");
    };
  const credentials = config.bybit.credentials;
  /** The configured key and secret: redacted verbatim from every logged cause (see redactExchangeText). */
  const known = [credentials?.apiKey, credentials?.secret];
  if (credentials) {
    const exchange = createBybit({ ...credentials, baseUrl: config.bybit.baseUrl });
    jobs.push({
      name: "bybit",
      intervalMs: config.syncIntervalMs,
      run: exclusive("bybit", (signal) =>
        runBybitSync({
          db,
          exchange,
          startMs: config.bybit.syncStartMs,
          signal,
          onStored: () => cache.clear(),
          log: (line) => log.warn(line),
          logFailure: (job, message, cause) => log.warn({ job, cause: exchangeErrorCause(cause, known) }, message),
          debug: (line) => log.debug(line),
        }),
      ),
    });
  } else {
    await runBybitSync({ db, exchange: undefined, startMs: config.bybit.syncStartMs });
    log.info("Bybit sync disabled: BYBIT_API_KEY / BYBIT_API_SECRET are not set");
  }

  const deployment = config.deployment;
  const rpcUrl = deployment && config.rpcUrls.get(deployment.chainId);
  if (deployment && rpcUrl) {
    const client: Client = isSupportedChainId(deployment.chainId)
      ? createFundPublicClient({ chainId: deployment.chainId, rpcUrl })
      : createPublicClient({ transport: http(rpcUrl) });
    const job = JOBS.history(deployment.chainId);
    jobs.push({
      name: job,
      intervalMs: config.historyIntervalMs,
      run: exclusive(job, async (signal) => {
        try {
          const known = tokens.get(deployment.chainId);
          const result = await indexTokenTransfers({
            db,
            client,
            deployment,
            signal,
            ...(known && { token: known }),
            ...(config.historyConfirmations !== undefined && { confirmations: config.historyConfirmations }),
            onStored: () => cache.clear(),
            log: (line) => log.warn({ job }, line),
          });
          tokens.set(deployment.chainId, result.token);
          if (!signal.aborted) await recordRun(db, job);
        } catch (error) {
          const message = describeChainError(error);
          log.warn({ job, cause: exchangeErrorCause(error) }, message);
          await recordRun(db, job, message);
        }
      }),
    });
  } else {
    log.info("Account history indexer disabled: no fund deployment or RPC address is configured");
  }
  const scheduler = startScheduler(jobs, (name, error) =>
    log.error({ job: name, error: exchangeErrorCause(error, known).message }, "sync job failed"),
  );
  return {
    async stop() {
      await scheduler.stop();
      await lock.close();
    },
  };
}
