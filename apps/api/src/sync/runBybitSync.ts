import type { Exchange } from "ccxt";
import type { Db } from "../db/client.js";
import { createUsdPricer } from "./createUsdPricer.js";
import { describeExchangeError, exchangeErrorCause } from "./describeExchangeError.js";
import { syncEquity } from "./syncEquity.js";
import { syncExchangeTransfers } from "./syncExchangeTransfers.js";
import { JOBS, recordRun } from "./syncState.js";

/** The text of `data.error` and `/health` when no keys are set. */
export const NO_KEYS_MESSAGE = "Bybit API keys are not configured";

export type RunBybitSyncParameters = {
  db: Db;
  /** Undefined when no keys are configured: each job records NO_KEYS_MESSAGE. */
  exchange: Exchange | undefined;
  startMs: number;
  overlapMs?: number;
  onStored?: () => void;
  log?: (line: string) => void;
  /** A job's failure: the plain sentence stored for /health and the real cause, for the operator's log. */
  logFailure?: (job: string, message: string, cause: unknown) => void;
  /** Stops at the next safe point (between windows, between jobs) once aborted. */
  signal?: AbortSignal;
  /** Expected, quiet events (e.g. a coin with no USDT market to price it). */
  debug?: (line: string) => void;
};

/**
 * One pass of every exchange job (deposits, withdrawals, equity). Each job's failure is recorded in
 * `sync_state` in plain words and does not stop the others. The transfer jobs share one USD pricer, so a
 * coin-minute is priced at most once per run.
 */
export async function runBybitSync({
  db,
  exchange,
  startMs,
  overlapMs = 3 * 86_400_000,
  onStored,
  log = () => {},
  logFailure,
  signal,
  debug = () => {},
}: RunBybitSyncParameters): Promise<void> {
  const pricer = exchange && createUsdPricer({ exchange, log, debug });
  const jobs: [string, (exchange: Exchange) => Promise<unknown>][] = [
    [
      JOBS.deposits,
      (e) =>
        syncExchangeTransfers({
          db,
          exchange: e,
          kind: "deposit",
          startMs,
          overlapMs,
          ...(signal && { signal }),
          ...(pricer && { pricer }),
          ...(onStored && { onStored }),
        }),
    ],
    [
      JOBS.withdrawals,
      (e) =>
        syncExchangeTransfers({
          db,
          exchange: e,
          kind: "withdrawal",
          startMs,
          overlapMs,
          ...(signal && { signal }),
          ...(pricer && { pricer }),
          ...(onStored && { onStored }),
        }),
    ],
    [
      JOBS.equity,
      async (e) => {
        await syncEquity({ db, exchange: e });
        onStored?.();
      },
    ],
  ];
  for (const [job, run] of jobs) {
    if (signal?.aborted) return;
    if (!exchange) {
      await recordRun(db, job, NO_KEYS_MESSAGE);
      continue;
    }
    try {
      await run(exchange);
      if (signal?.aborted) return; // stopped part-way: what was stored stands, the run is not a success
      await recordRun(db, job);
    } catch (error) {
      const message = describeExchangeError(error);
      if (logFailure) logFailure(job, message, error);
      else {
        const cause = exchangeErrorCause(error);
        log(`${job}: ${message} Cause: ${cause.type}: ${cause.message}`);
      }
      await recordRun(db, job, message);
    }
  }
}
