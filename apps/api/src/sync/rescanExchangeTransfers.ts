import type { Db } from "../db/client.js";
import { transferJobs } from "../jobs/syncState.js";
import type { Bybit } from "./createBybit.js";
import { createUsdPricer, type UsdPricer } from "./createUsdPricer.js";
import { MAX_WINDOW_MS, readCursor, readPricedWindow, storeWindow } from "./syncExchangeTransfers.js";

export type RescanExchangeTransfersParameters = {
  db: Db;
  exchange: Bybit;
  kind: "deposit" | "withdrawal";
  /** Where the synced history starts (ms): the re-scan's oldest point. */
  startMs: number;
  /** The newest part, which every run's forward sync re-reads anyway: the re-scan covers [startMs, cursor − overlapMs]. */
  overlapMs: number;
  /** Windows re-read per run (the bound on its cost); 1 by default, 0 turns the re-scan off. */
  windowsPerRun?: number;
  windowMs?: number;
  pageLimit?: number;
  maxPages?: number;
  /** Stops between windows once aborted; the position stays where the last stored window left it. */
  signal?: AbortSignal;
  onStored?: () => void;
  pricer?: UsdPricer;
};

export type RescanExchangeTransfersReturnType = {
  /** Windows re-read in this run (at most `windowsPerRun`). */
  windows: number;
  /** Records upserted (new or already stored: an upsert by id, so a re-read is idempotent). */
  stored: number;
  /** The end of the next window to re-read (the re-scan job's cursor), or undefined when there is nothing to re-scan. */
  position: number | undefined;
};

/**
 * Heals gaps the forward sync cannot see: a window that came back empty or short (a replica behind, a record
 * credited late) is stored as done, and the forward sync re-reads only the last `overlapMs` before its cursor.
 * This job walks the older history, [startMs, cursor − overlapMs], from the newest window to the oldest,
 * `windowsPerRun` windows (of at most 30 days) per run, and starts again at the newest once past `startMs`. Each
 * window's records are upserted by id, with the re-scan's position (`sync_state.cursor` of `bybit:<kind>s:rescan`)
 * moved in the same transaction, so a restart or another instance of a fleet carries on where it stopped.
 *
 * Cost: `windowsPerRun` windows per run, each one request per 50 records (one for an empty window). A record that
 * appears late is stored within one pass, i.e. ⌈(cursor − overlapMs − startMs) / 30 days⌉ runs (13 for a year)
 * after the pass reaches its window again (at most two passes).
 */
export async function rescanExchangeTransfers({
  db,
  exchange,
  kind,
  startMs,
  overlapMs,
  windowsPerRun = 1,
  windowMs = MAX_WINDOW_MS,
  pageLimit = 50,
  maxPages = 1000,
  signal,
  onStored,
  pricer = createUsdPricer({ exchange }),
}: RescanExchangeTransfersParameters): Promise<RescanExchangeTransfersReturnType> {
  const jobs = transferJobs(kind);
  const synced = await readCursor(db, jobs.sync);
  if (synced === undefined || synced - overlapMs <= startMs || windowsPerRun < 1) {
    return { windows: 0, stored: 0, position: undefined };
  }
  const top = synced - overlapMs;
  let position = startPosition(await readCursor(db, jobs.rescan), startMs, top);
  let windows = 0;
  let stored = 0;
  while (windows < windowsPerRun && !signal?.aborted) {
    const from = Math.max(startMs, position - Math.min(windowMs, MAX_WINDOW_MS));
    const rows = await readPricedWindow({ db, exchange, kind, from, to: position, limit: pageLimit, maxPages, pricer });
    const next = from <= startMs ? top : from; // past the oldest window: the next pass starts at the newest
    await storeWindow(db, rows, jobs.rescan, next);
    onStored?.();
    windows++;
    stored += rows.length;
    position = next;
    if (next === top) break; // a pass ended: the newest window is the next run's
  }
  return { windows, stored, position };
}

/** Where this run's re-scan starts: the stored position when it lies inside the range, else the newest point. */
function startPosition(stored: number | undefined, startMs: number, top: number): number {
  return stored !== undefined && stored > startMs && stored <= top ? stored : top;
}
