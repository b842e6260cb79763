import type { Db } from "../db/client.js";
import { JOBS, recordRun, transferJobs } from "../jobs/syncState.js";
import type { Bybit } from "./createBybit.js";
import { createUsdPricer, type UsdPricer } from "./createUsdPricer.js";
import { describeExchangeError, exchangeErrorCause } from "./describeExchangeError.js";
import { redactExchangeText } from "./redactExchangeText.js";
import { rescanExchangeTransfers } from "./rescanExchangeTransfers.js";
import { syncEquity } from "./syncEquity.js";
import { syncExchangeTransfers } from "./syncExchangeTransfers.js";

/** The text of `data.error` and `/health` when no keys are set. */
export const NO_KEYS_MESSAGE = "Bybit API keys are not configured";

/** Each run re-reads this much before the forward cursor (late status changes, records that show up late). */
export const DEFAULT_OVERLAP_MS = 3 * 86_400_000;

export type RunBybitSyncParameters = {
  db: Db;
  /** Undefined when no keys are configured: each job records NO_KEYS_MESSAGE. */
  exchange: Bybit | undefined;
  startMs: number;
  overlapMs?: number;
  /** Where this run's forward sync ends (ms); now by default. */
  untilMs?: number;
  /** Windows of older history each transfer kind re-reads per run (rescanExchangeTransfers); 1 by default, 0: none. */
  rescanWindows?: number;
  onStored?: () => void;
  log?: (line: string) => void;
  /** A job's failure: the plain sentence stored for /health and the real cause, for the operator's log. */
  logFailure?: (job: string, message: string, cause: unknown) => void;
  /** Stops at the next safe point (between windows, between jobs) once aborted. */
  signal?: AbortSignal;
  /** Expected, quiet events (e.g. a coin with no USDT market to price it). */
  debug?: (line: string) => void;
};

/** One job of a run: its `sync_state` name, the job whose success this run it needs (if any), and the work. */
type BybitJob = { job: string; needs?: string; run: () => Promise<unknown> };

/**
 * One pass of every exchange job: deposits, withdrawals and equity, then the re-scan of older deposit and
 * withdrawal windows (each only after its forward sync succeeded in this run). Each job's failure is recorded in
 * `sync_state` in plain words and does not stop the others. The transfer jobs share one USD pricer, so a
 * coin-minute is priced at most once per run.
 */
export async function runBybitSync(parameters: RunBybitSyncParameters): Promise<void> {
  const { db, exchange, signal } = parameters;
  if (!exchange) {
    for (const job of [JOBS.deposits, JOBS.withdrawals, JOBS.equity]) await recordRun(db, job, NO_KEYS_MESSAGE);
    return;
  }
  const log = parameters.log ?? (() => {});
  const pricer = createUsdPricer({ exchange, log, debug: parameters.debug ?? (() => {}) });
  const succeeded = new Set<string>();
  for (const { job, needs, run } of bybitJobs(parameters, exchange, pricer)) {
    if (signal?.aborted) return;
    if (needs !== undefined && !succeeded.has(needs)) continue;
    if (await runJob(parameters, exchange, job, run)) succeeded.add(job);
  }
}

/** The run's jobs in order; the re-scans come last, so a slow or failing re-scan never delays the others. */
function bybitJobs(parameters: RunBybitSyncParameters, exchange: Bybit, pricer: UsdPricer): BybitJob[] {
  const { db, startMs, overlapMs = DEFAULT_OVERLAP_MS, untilMs, rescanWindows = 1, signal, onStored } = parameters;
  const common = { db, exchange, startMs, overlapMs, pricer, ...(signal && { signal }), ...(onStored && { onStored }) };
  const kinds = ["deposit", "withdrawal"] as const;
  return [
    ...kinds.map((kind) => ({
      job: transferJobs(kind).sync,
      run: () => syncExchangeTransfers({ ...common, kind, ...(untilMs !== undefined && { untilMs }) }),
    })),
    {
      job: JOBS.equity,
      run: async () => {
        await syncEquity({ db, exchange });
        onStored?.();
      },
    },
    ...kinds.map((kind) => ({
      job: transferJobs(kind).rescan,
      needs: transferJobs(kind).sync,
      run: () => rescanExchangeTransfers({ ...common, kind, windowsPerRun: rescanWindows }),
    })),
  ];
}

/**
 * Runs one job and records it: a success, or its failure as a plain sentence (stored, and logged with its
 * redacted cause). A run stopped part-way records nothing: what was stored stands, the run is not a success.
 */
async function runJob(
  parameters: RunBybitSyncParameters,
  exchange: Bybit,
  job: string,
  run: () => Promise<unknown>,
): Promise<boolean> {
  const { db, signal } = parameters;
  const known = [exchange.apiKey, exchange.secret];
  try {
    await run();
    if (signal?.aborted) return false;
    await recordRun(db, job);
    return true;
  } catch (error) {
    const message = redactExchangeText(describeExchangeError(error), known);
    if (parameters.logFailure) parameters.logFailure(job, message, error);
    else {
      const cause = exchangeErrorCause(error, known);
      parameters.log?.(`${job}: ${message} Cause: ${cause.type}: ${cause.message}`);
    }
    await recordRun(db, job, message);
    return false;
  }
}
