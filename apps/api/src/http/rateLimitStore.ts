import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../db/client.js";
import { queryRows } from "../db/queryRows.js";
import {
  BatchedWindowCounts,
  countOf,
  type FlushBatch,
  type FlushedRow,
  fixedWindow,
  LocalWindowCounter,
  type RateLimitCount,
  settledCount,
} from "./rateLimitStore.helpers.js";

/**
 * The `config.rateLimit` of the routes every instance answers for itself (the probes and `/metrics`, which a load
 * balancer or Prometheus calls on each instance): they count in the instance's memory, per route, and never touch
 * the database. Recognised by identity in `child()`.
 */
export const INSTANCE_RATE_LIMIT: RateLimitOptions = Object.freeze({});

/** Where the store reports (pino's child logger of the app fits). */
export type RateLimitLog = {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
};

export type SharedRateLimitOptions = {
  db: Db;
  log: RateLimitLog;
  /**
   * How often this instance's hits go to the table, in one statement for every key (ms; default 100). Between two
   * flushes a request counts the table's total as of the last flush plus this instance's hits since. 0: one upsert
   * per request (exact, and a database round trip per request).
   */
  flushEveryMs?: number;
  /**
   * How long a request waits for its count (per request), or for the flush it asked for at the limit (batched),
   * before counting locally instead; a flush that takes longer marks the database failing (ms).
   */
  databaseTimeoutMs?: number;
  /** After a failure, how long requests count locally before one request tries the database again (ms). */
  retryMs?: number;
  /** At most one warning per this period while the database fails (ms). */
  logEveryMs?: number;
  /** The period of the cleanup of ended windows (ms). */
  sweepEveryMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
};

export type SharedRateLimit = {
  /** The class for `@fastify/rate-limit`'s `store` option. */
  Store: FastifyRateLimitStoreCtor;
  /** Deletes the ended windows (also run every `sweepEveryMs`); answers how many rows went. */
  sweep(): Promise<number>;
  /** Whether requests count in the database now (false while falling back to memory). */
  readonly shared: boolean;
  /**
   * Sends every pending hit to the table now (batched mode; at once in per-request mode). Never rejects: a failure
   * keeps the hits pending. Resolves when a flush that started after the call has ended.
   */
  flush(): Promise<void>;
  /** This instance's hits not yet in the table (batched mode; 0 in per-request mode). */
  readonly unflushed: number;
  /** Stops the timers and flushes what is pending (waiting at most `databaseTimeoutMs` for it). */
  close(): Promise<void>;
};

/** One counted request: the same statement as the drizzle one below, prepared once per pooled connection. */
const UPSERT = `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 1)
  ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1 RETURNING hits`;

/** Every pending hit at once: one row per (key, window), added to the table's count. */
const FLUSH = `INSERT INTO rate_limit_hits (key, window_start, hits)
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[])
  ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + EXCLUDED.hits
  RETURNING key, window_start, hits`;

/** The child options `@fastify/rate-limit` passes: the route's merged rate-limit options and the route itself. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string; config?: { rateLimit?: unknown } } };

/** The store's settings and state: whether the database answers, the batched counts, the flush under way. */
type StoreState = {
  db: Db;
  log: RateLimitLog;
  flushEveryMs: number;
  databaseTimeoutMs: number;
  retryMs: number;
  logEveryMs: number;
  now: () => number;
  batched: boolean;
  healthy: boolean;
  probing: boolean;
  retryAt: number;
  lastWarnedAt: number;
  failuresSinceWarning: number;
  longestWindowMs: number;
  /** Batched mode: the counts, and one flush at a time (a flush asked for during one runs right after it). */
  counts: BatchedWindowCounts;
  running: Promise<void> | undefined;
  queued: Promise<void> | undefined;
};

/** Whether this request asks the database (a healthy store always; a failing one lets one request probe). */
function useDatabase(state: StoreState, at: number): boolean {
  if (state.healthy) return true;
  if (state.probing || at < state.retryAt) return false;
  state.probing = true;
  return true;
}

/** The database answered: counting is shared again (said once in the log). */
function succeeded(state: StoreState): void {
  state.probing = false;
  if (state.healthy) return;
  state.healthy = true;
  state.log.info({}, "The shared rate limit's database answers again; requests count across the fleet again");
}

/** The database failed: requests count locally for `retryMs`; a warning at most once per `logEveryMs`. */
function failed(state: StoreState, error: unknown, at: number): void {
  state.probing = false;
  state.healthy = false;
  state.retryAt = at + state.retryMs;
  state.failuresSinceWarning += 1;
  if (at - state.lastWarnedAt < state.logEveryMs) return;
  state.log.warn(
    { err: error, failures: state.failuresSinceWarning },
    "The shared rate limit's database failed; counting requests in this instance's memory (the per-instance limit) until it answers",
  );
  state.lastWarnedAt = at;
  state.failuresSinceWarning = 0;
}

const timeoutError = (state: StoreState, what: string) =>
  new Error(`The rate-limit ${what} did not answer within ${state.databaseTimeoutMs} ms`);

/**
 * One counted request in the table (per-request mode), within `databaseTimeoutMs`. On node-postgres' pool a named
 * (prepared) statement skips parsing and planning per request.
 */
async function countShared(state: StoreState, key: string, windowStart: number): Promise<number> {
  const pool = state.db.$client;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timeoutError(state, "count")), state.databaseTimeoutMs);
  });
  const upsert =
    pool instanceof pg.Pool
      ? pool
          .query<{ hits: number }>({ name: "fundament_rate_limit_hit", text: UPSERT, values: [key, windowStart] })
          .then((r) => r.rows)
      : queryRows<{ hits: number }>(
          state.db,
          sql`INSERT INTO rate_limit_hits (key, window_start, hits) VALUES (${key}, ${windowStart}, 1)
              ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1 RETURNING hits`,
        );
  upsert.catch(() => undefined); // a late failure after the timeout is already handled
  try {
    const rows = await Promise.race([upsert, timeout]);
    const hits = Number(rows[0]?.hits);
    if (!Number.isSafeInteger(hits) || hits < 1) throw new Error("The rate-limit count returned no number");
    return hits;
  } finally {
    clearTimeout(timer);
  }
}

/** One flush's statement: every pending hit added to the table, the totals back. */
async function writeBatch(state: StoreState, batch: FlushBatch): Promise<FlushedRow[]> {
  const pool = state.db.$client;
  const values = [batch.keys, batch.starts, batch.hits];
  if (pool instanceof pg.Pool) {
    return (await pool.query<FlushedRow>({ name: "fundament_rate_limit_flush", text: FLUSH, values })).rows;
  }
  // PGlite (tests; production PGlite keeps the count in memory): its client takes the arrays as parameters too.
  return (await pool.query<FlushedRow>(FLUSH, values)).rows;
}

/**
 * One flush: the pending hits go in one statement, and the totals come back. A flush slower than
 * `databaseTimeoutMs` marks the database failing (the requests meanwhile count locally, as always) but is awaited:
 * its hits are either written once or, when it fails, pending again; never written twice.
 */
async function runFlush(state: StoreState): Promise<void> {
  const { counts, now } = state;
  const batch = counts.take(now());
  if (batch.entries.length === 0) return;
  const timer = setTimeout(() => failed(state, timeoutError(state, "flush"), now()), state.databaseTimeoutMs);
  try {
    const rows = await writeBatch(state, batch);
    counts.settle(batch, rows, now());
    succeeded(state);
  } catch (error) {
    counts.restore(batch);
    failed(state, error, now());
  } finally {
    clearTimeout(timer);
  }
}

/** A flush now, or (one under way) right after it: the promise ends with a flush that started after the call. */
function flush(state: StoreState): Promise<void> {
  if (!state.running) {
    state.running = runFlush(state).finally(() => {
      state.running = undefined;
    });
    return state.running;
  }
  state.queued ??= state.running.then(() => {
    state.queued = undefined;
    return flush(state);
  });
  return state.queued;
}

/** A flush, or the local count after `databaseTimeoutMs` if the flush has not ended by then. */
function flushWithin(state: StoreState): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    flush(state),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, state.databaseTimeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

type CountCallback = (error: Error | null, result?: RateLimitCount) => void;

/**
 * Batched mode: the request counts in memory. The fleet's total is not known lately (a key quiet for two flush
 * periods, or new), or this count reaches the limit while the known total is still below it: it waits for a flush
 * carrying this hit and answers its place in the table's count (or, if the flush fails or is slow, the local count).
 */
function countBatched(
  state: StoreState,
  key: string,
  callback: CountCallback,
  timeWindow: number,
  at: number,
  max: number | undefined,
): void {
  const { entry, count, ticket } = state.counts.hit(key, timeWindow, at);
  const atLimit = max !== undefined && count.current >= max && entry.sharedKnown < max;
  if (state.healthy && (atLimit || at - entry.knownAt > 2 * state.flushEveryMs)) {
    flushWithin(state).then(() =>
      callback(null, { current: settledCount(entry, ticket) ?? countOf(entry), ttl: count.ttl }),
    );
    return;
  }
  callback(null, count);
}

/** Per-request mode: one upsert, or the local count while the database fails (or when this upsert fails). */
function countPerRequest(
  state: StoreState,
  local: LocalWindowCounter,
  key: { shared: string; local: string },
  callback: CountCallback,
  timeWindow: number,
  at: number,
): void {
  if (!useDatabase(state, at)) {
    callback(null, local.hit(key.local, timeWindow, at));
    return;
  }
  const { start, ttl } = fixedWindow(at, timeWindow);
  countShared(state, key.shared, start).then(
    (hits) => {
      succeeded(state);
      callback(null, { current: hits, ttl });
    },
    (error: unknown) => {
      failed(state, error, at);
      callback(null, local.hit(key.local, timeWindow, at));
    },
  );
}

/** The store class for `@fastify/rate-limit`, on this state: a child per route, counting under its own prefix. */
function sharedStoreClass(state: StoreState): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    private readonly local = new LocalWindowCounter();

    constructor(
      _options?: unknown,
      private readonly prefix = "",
      private readonly instanceOnly = false,
    ) {}

    incr(key: string, callback: CountCallback, timeWindow: number, max?: number): void {
      const at = state.now();
      state.longestWindowMs = Math.max(state.longestWindowMs, timeWindow);
      if (this.instanceOnly) callback(null, this.local.hit(key, timeWindow, at));
      else if (state.batched) countBatched(state, this.prefix + key, callback, timeWindow, at, max);
      else countPerRequest(state, this.local, { shared: this.prefix + key, local: key }, callback, timeWindow, at);
    }

    // Typed by the plugin as the route's options; it passes the route's merged rate-limit options (see ChildOptions).
    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as ChildOptions).routeInfo;
      if (route?.config?.rateLimit === INSTANCE_RATE_LIMIT) return new SharedStore(undefined, "", true);
      const method = Array.isArray(route?.method) ? route.method.join(",") : (route?.method ?? "");
      return new SharedStore(undefined, `${this.prefix}${method}${route?.url ?? ""}-`);
    }
  }
  return SharedStore;
}

/** Deletes the ended windows; answers how many rows went. */
async function sweep(state: StoreState): Promise<number> {
  state.counts.prune(state.now());
  if (state.longestWindowMs === 0) return 0;
  // A window that started before now minus the longest window has ended, whatever its length.
  const rows = await queryRows<{ n: number }>(
    state.db,
    sql`WITH gone AS (DELETE FROM rate_limit_hits WHERE window_start < ${state.now() - state.longestWindowMs} RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * A `@fastify/rate-limit` store shared by every instance on one PostgreSQL, counting in the UNLOGGED
 * `rate_limit_hits` (fixed windows aligned to their length, so all instances count the same window), with a
 * cleanup of ended windows every `sweepEveryMs` (not per request).
 *
 * Batched (`flushEveryMs` > 0, the default): each request is counted in memory, per (key, window), as the table's
 * total known at the last flush plus this instance's hits since; every `flushEveryMs` one statement adds every
 * pending hit to the table and learns the totals back. A request whose count reaches the route's `max` while the
 * known total is still below it waits for a flush (shared by every such request) and answers the fresh total, so the
 * last requests before a 429 count what the fleet has flushed. Per request (`flushEveryMs` = 0): one atomic upsert
 * per request, exact.
 *
 * Fails open to the instance's own limit: when the database errors or does not answer within `databaseTimeoutMs`,
 * requests count in this process's memory (batched: the last known total plus the hits kept pending, sent once
 * the database answers; per request: a local count, same windows) for `retryMs`, then the database is tried again.
 * A warning is logged at most once per `logEveryMs`. The steps are the functions above, on one `StoreState`.
 */
export function sharedRateLimit({
  db,
  log,
  flushEveryMs = 100,
  databaseTimeoutMs = 1_000,
  retryMs = 5_000,
  logEveryMs = 60_000,
  sweepEveryMs = 60_000,
  now = Date.now,
}: SharedRateLimitOptions): SharedRateLimit {
  if (!Number.isSafeInteger(flushEveryMs) || flushEveryMs < 0) {
    throw new Error(`The rate limit's flushEveryMs must be a whole number of ms, 0 or more (got ${flushEveryMs})`);
  }
  const state: StoreState = {
    db,
    log,
    flushEveryMs,
    databaseTimeoutMs,
    retryMs,
    logEveryMs,
    now,
    batched: flushEveryMs > 0,
    healthy: true,
    probing: false,
    retryAt: 0,
    lastWarnedAt: Number.NEGATIVE_INFINITY,
    failuresSinceWarning: 0,
    longestWindowMs: 0,
    counts: new BatchedWindowCounts(),
    running: undefined,
    queued: undefined,
  };
  const sweepTimer = setInterval(() => {
    sweep(state).catch((error: unknown) => log.warn({ err: error }, "The cleanup of ended rate-limit windows failed"));
  }, sweepEveryMs);
  sweepTimer.unref();
  // While the database fails, a flush is tried once per `retryMs` (the hits stay pending meanwhile).
  const flushTimer = state.batched
    ? setInterval(() => {
        if (state.counts.unflushed > 0 && (state.healthy || now() >= state.retryAt)) void flush(state);
      }, flushEveryMs)
    : undefined;
  flushTimer?.unref();

  return {
    Store: sharedStoreClass(state),
    sweep: () => sweep(state),
    get shared() {
      return state.healthy;
    },
    flush: () => (state.batched ? flush(state) : Promise.resolve()),
    get unflushed() {
      return state.counts.unflushed;
    },
    close: async () => {
      clearInterval(sweepTimer);
      clearInterval(flushTimer);
      if (state.batched && state.counts.unflushed > 0) await flushWithin(state);
    },
  };
}
