import type { ExchangeTransfer } from "@fundament/sdk";
import type { Transaction } from "ccxt";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Executor } from "../db/client.js";
import { exchangeTransfers } from "../db/schema.js";
import { getSyncState, saveCursor, transferJobs } from "../jobs/syncState.js";
import type { PricedTransfer } from "./amountUsd.js";
import type { Bybit } from "./createBybit.js";
import { createUsdPricer, type UsdPricer } from "./createUsdPricer.js";
import { ExchangeAnswerError, parseTransferPage } from "./exchangeAnswer.js";
import { toUnifiedTransfer } from "./toUnifiedTransfer.js";

/** Bybit answers deposit and withdrawal records for at most 30 days per request. */
export const MAX_WINDOW_MS = 30 * 86_400_000;

export type SyncExchangeTransfersParameters = {
  db: Db;
  exchange: Bybit;
  kind: "deposit" | "withdrawal";
  /** Where the first run starts (ms). */
  startMs: number;
  /** Where this run ends (ms); now by default. */
  untilMs?: number;
  /** Each run re-reads this much before the stored cursor, so late status changes (pending → ok) are picked up. */
  overlapMs?: number;
  windowMs?: number;
  /** Page size asked of the exchange (Bybit's maximum is 50). */
  pageLimit?: number;
  /** Pages read per window before the window is read in halves instead (never a silent cut). */
  maxPages?: number;
  /** Stops between windows (a safe point) once aborted: what was stored stays, the rest is the next run's. */
  signal?: AbortSignal;
  /** Called after each stored window (e.g. to drop cached responses). */
  onStored?: () => void;
  /** Prices each record in US dollars; one for this run on `exchange` by default (its cache lives as long). */
  pricer?: UsdPricer;
};

export type SyncExchangeTransfersReturnType = { windows: number; stored: number; cursor: number };

/**
 * Copies the fund's deposits or withdrawals from the exchange into `exchange_transfers`, window by window
 * (each at most 30 days), following the exchange's page cursor inside a window. A window's rows are upserted
 * and the job's cursor moved to its end in one transaction, so a crash loses and duplicates nothing; the next
 * run resumes from the cursor. Each record gets its `amountUsd` before it is stored; a price that cannot be had
 * is null and never stops the window.
 *
 * Every page is checked against Bybit's documented shape before it counts: a non-JSON, truncated or
 * wrongly shaped answer throws ExchangeAnswerError and nothing of its window is stored. A window holding more
 * than `maxPages` pages is read again in two halves (recursively), so paging has no silent cap.
 *
 * A well-formed empty page is a window without records as far as this run can tell: it is stored as read. What
 * shows up in it later is picked up by the next runs' overlap (the last `overlapMs`) or, further back, by
 * rescanExchangeTransfers, which re-reads the older windows one per run.
 */
export async function syncExchangeTransfers({
  db,
  exchange,
  kind,
  startMs,
  untilMs = Date.now(),
  overlapMs = 0,
  windowMs = MAX_WINDOW_MS,
  pageLimit = 50,
  maxPages = 1000,
  signal,
  onStored,
  pricer = createUsdPricer({ exchange }),
}: SyncExchangeTransfersParameters): Promise<SyncExchangeTransfersReturnType> {
  const job = transferJobs(kind).sync;
  const stored = await readCursor(db, job);
  let from = stored === undefined ? startMs : Math.max(startMs, stored - overlapMs);
  let windows = 0;
  let count = 0;
  while (from < untilMs && !signal?.aborted) {
    const to = Math.min(from + Math.min(windowMs, MAX_WINDOW_MS), untilMs);
    const rows = await readPricedWindow({ db, exchange, kind, from, to, limit: pageLimit, maxPages, pricer });
    await storeWindow(db, rows, job, to);
    onStored?.();
    windows++;
    count += rows.length;
    from = to;
  }
  return { windows, stored: count, cursor: Math.max(from, stored ?? from) };
}

/** A job's stored cursor as a time in ms, or undefined when there is none (or it is not a number). */
export async function readCursor(db: Db, job: string): Promise<number | undefined> {
  const cursor = (await getSyncState(db, job))?.cursor;
  const value = cursor ? Number(cursor) : Number.NaN;
  return Number.isFinite(value) ? value : undefined;
}

export type ReadPricedWindowParameters = FetchWindowParameters & { db: Db; pricer: UsdPricer };

/** Every record of one window (each id once) with its `amountUsd`: what `storeWindow` stores. */
export async function readPricedWindow({
  db,
  pricer,
  ...window
}: ReadPricedWindowParameters): Promise<PricedTransfer[]> {
  const fetched = await fetchWindow(window);
  const unique = [...new Map(fetched.map((row) => [row.id, row])).values()];
  return priceWindow(db, window.kind, unique, pricer);
}

/** Upserts a window's rows and moves `job`'s cursor to `cursor` in one transaction: both or neither. */
export async function storeWindow(db: Db, rows: readonly PricedTransfer[], job: string, cursor: number): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertTransfers(tx, "bybit", "bybit", rows);
    await saveCursor(tx, job, String(cursor));
  });
}

const RECORD_ROUTES = {
  deposit: "privateGetV5AssetDepositQueryRecord",
  withdrawal: "privateGetV5AssetWithdrawQueryRecord",
} as const;

type FetchWindowParameters = {
  exchange: Bybit;
  kind: "deposit" | "withdrawal";
  from: number;
  to: number;
  limit: number;
  maxPages: number;
};

/**
 * Every record of one time window, following the exchange's `nextPageCursor`. Each raw page is validated
 * (parseTransferPage) and then parsed by ccxt. Past `maxPages` pages the window is read as two halves; a
 * window too short to split, or a page cursor that repeats, is an error.
 */
async function fetchWindow({
  exchange,
  kind,
  from,
  to,
  limit,
  maxPages,
}: FetchWindowParameters): Promise<ExchangeTransfer[]> {
  const request = exchange[RECORD_ROUTES[kind]];
  const rows: ExchangeTransfer[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page === maxPages) {
      if (to - from < 2) {
        throw new ExchangeAnswerError(`more than ${maxPages} pages of ${kind}s in ${to - from} ms: cannot split`);
      }
      const middle = Math.floor((from + to) / 2);
      const older = await fetchWindow({ exchange, kind, from, to: middle, limit, maxPages });
      const newer = await fetchWindow({ exchange, kind, from: middle, to, limit, maxPages });
      return [...older, ...newer];
    }
    const raw = await request.call(exchange, {
      startTime: from,
      endTime: to,
      limit,
      ...(cursor ? { cursor } : {}),
    });
    const answer = parseTransferPage(kind, raw);
    const batch: Transaction[] = exchange.parseTransactions(answer.rows);
    rows.push(...batch.map((tx) => toUnifiedTransfer(tx, kind)));
    const next = answer.nextPageCursor;
    if (!next) break;
    if (seen.has(next)) throw new ExchangeAnswerError(`Bybit repeated the ${kind} page cursor ${next.slice(0, 40)}`);
    seen.add(next);
    cursor = next;
  }
  return rows;
}

/**
 * The window's records with their `amountUsd`. A value already stored for the same record (same coin, amount
 * and time) is kept, so re-read records (the overlap before the cursor) cost no new price request; a stored
 * null is priced again.
 */
async function priceWindow(
  db: Db,
  kind: "deposit" | "withdrawal",
  rows: readonly ExchangeTransfer[],
  pricer: UsdPricer,
): Promise<PricedTransfer[]> {
  const known = new Map<string, Record<string, unknown>>();
  const t = exchangeTransfers;
  for (let i = 0; i < rows.length; i += 500) {
    const ids = rows.slice(i, i + 500).map((row) => row.id);
    const stored = await db
      .select({ id: t.id, record: t.record })
      .from(t)
      .where(and(eq(t.exchange, "bybit"), eq(t.kind, kind), inArray(t.id, ids)));
    for (const row of stored) known.set(row.id, row.record);
  }
  const priced: PricedTransfer[] = [];
  for (const row of rows) {
    const before = known.get(row.id);
    const reuse =
      before !== undefined &&
      typeof before.amountUsd === "number" &&
      before.coin === row.coin &&
      before.amount === row.amount &&
      before.timestamp === row.timestamp;
    priced.push({ ...row, amountUsd: reuse ? (before.amountUsd as number) : await pricer.amountUsd(row) });
  }
  return priced;
}

/** Idempotent insert-or-update of unified transfer records, keyed by (exchange, kind, id). */
export async function upsertTransfers(
  db: Executor,
  exchange: string,
  source: "demo" | "bybit" | "import",
  rows: readonly PricedTransfer[],
): Promise<void> {
  if (rows.length === 0) return;
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(exchangeTransfers)
      .values(
        rows.slice(i, i + 500).map((row) => ({
          exchange,
          kind: row.type,
          id: row.id,
          source,
          timestamp: row.timestamp,
          record: row,
        })),
      )
      .onConflictDoUpdate({
        target: [exchangeTransfers.exchange, exchangeTransfers.kind, exchangeTransfers.id],
        set: { record: sql`excluded.record`, timestamp: sql`excluded.timestamp`, source: sql`excluded.source` },
      });
  }
}
