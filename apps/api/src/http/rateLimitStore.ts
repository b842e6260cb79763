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
 * A warning is logged at most once per `logEveryMs`.
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
  const batched = flushEveryMs > 0;
  let healthy = true;
  let probing = false;
  let retryAt = 0;
  let lastWarnedAt = Number.NEGATIVE_INFINITY;
  let failuresSinceWarning = 0;
  let longestWindowMs = 0;
  // node-postgres' pool, when PostgreSQL: a named (prepared) statement skips parsing and planning per request.
  const pool = (db as unknown as { $client?: unknown }).$client;

  /** Whether this request asks the database (a healthy store always; a failing one lets one request probe). */
  const useDatabase = (at: number): boolean => {
    if (healthy) return true;
    if (probing || at < retryAt) return false;
    probing = true;
    return true;
  };
  const succeeded = () => {
    probing = false;
    if (healthy) return;
    healthy = true;
    log.info({}, "The shared rate limit's database answers again; requests count across the fleet again");
  };
  const failed = (error: unknown, at: number) => {
    probing = false;
    healthy = false;
    retryAt = at + retryMs;
    failuresSinceWarning += 1;
    if (at - lastWarnedAt < logEveryMs) return;
    log.warn(
      { err: error, failures: failuresSinceWarning },
      "The shared rate limit's database failed; counting requests in this instance's memory (the per-instance limit) until it answers",
    );
    lastWarnedAt = at;
    failuresSinceWarning = 0;
  };
  const timeoutError = (what: string) =>
    new Error(`The rate-limit ${what} did not answer within ${databaseTimeoutMs} ms`);

  const countShared = async (key: string, windowStart: number): Promise<number> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(timeoutError("count")), databaseTimeoutMs);
    });
    const upsert =
      pool instanceof pg.Pool
        ? pool
            .query<{ hits: number }>({ name: "fundament_rate_limit_hit", text: UPSERT, values: [key, windowStart] })
            .then((r) => r.rows)
        : queryRows<{ hits: number }>(
            db,
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
  };

  // Batched mode: the counts, and one flush at a time (a flush asked for during one runs right after it).
  const counts = new BatchedWindowCounts();
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  const writeBatch = async (batch: FlushBatch): Promise<FlushedRow[]> => {
    const values = [batch.keys, batch.starts, batch.hits];
    if (pool instanceof pg.Pool) {
      return (await pool.query<FlushedRow>({ name: "fundament_rate_limit_flush", text: FLUSH, values })).rows;
    }
    // PGlite (tests; production PGlite keeps the count in memory): its client takes the arrays as parameters too.
    const client = pool as { query?: (text: string, params: unknown[]) => Promise<{ rows: FlushedRow[] }> };
    if (typeof client?.query !== "function") throw new Error("The database client cannot run the rate-limit flush");
    return (await client.query(FLUSH, values)).rows;
  };

  /**
   * One flush: the pending hits go in one statement, and the totals come back. A flush slower than
   * `databaseTimeoutMs` marks the database failing (the requests meanwhile count locally, as always) but is awaited:
   * its hits are either written once or, when it fails, pending again; never written twice.
   */
  const runFlush = async (): Promise<void> => {
    const batch = counts.take(now());
    if (batch.entries.length === 0) return;
    const timer = setTimeout(() => failed(timeoutError("flush"), now()), databaseTimeoutMs);
    try {
      const rows = await writeBatch(batch);
      counts.settle(batch, rows, now());
      succeeded();
    } catch (error) {
      counts.restore(batch);
      failed(error, now());
    } finally {
      clearTimeout(timer);
    }
  };
  const flush = (): Promise<void> => {
    if (!running) {
      running = runFlush().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running.then(() => {
      queued = undefined;
      return flush();
    });
    return queued;
  };
  /** A flush, or the local count after `databaseTimeoutMs` if the flush has not ended by then. */
  const flushWithin = (): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      flush(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, databaseTimeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  };

  class SharedStore implements FastifyRateLimitStore {
    private readonly local = new LocalWindowCounter();

    constructor(
      _options?: unknown,
      private readonly prefix = "",
      private readonly instanceOnly = false,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitCount) => void,
      timeWindow: number,
      max?: number,
    ): void {
      const at = now();
      longestWindowMs = Math.max(longestWindowMs, timeWindow);
      if (this.instanceOnly) {
        callback(null, this.local.hit(key, timeWindow, at));
        return;
      }
      if (batched) {
        const { entry, count, ticket } = counts.hit(this.prefix + key, timeWindow, at);
        // The fleet's total is not known lately (a key quiet for two flush periods, or new), or this count reaches
        // the limit while the known total is still below it: wait for a flush carrying this hit and answer its
        // place in the table's count (or, if the flush fails or is slow, the local count).
        const atLimit = max !== undefined && count.current >= max && entry.sharedKnown < max;
        if (healthy && (atLimit || at - entry.knownAt > 2 * flushEveryMs)) {
          flushWithin().then(() =>
            callback(null, { current: settledCount(entry, ticket) ?? countOf(entry), ttl: count.ttl }),
          );
          return;
        }
        callback(null, count);
        return;
      }
      if (!useDatabase(at)) {
        callback(null, this.local.hit(key, timeWindow, at));
        return;
      }
      const { start, ttl } = fixedWindow(at, timeWindow);
      countShared(this.prefix + key, start).then(
        (hits) => {
          succeeded();
          callback(null, { current: hits, ttl });
        },
        (error: unknown) => {
          failed(error, at);
          callback(null, this.local.hit(key, timeWindow, at));
        },
      );
    }

    // Typed by the plugin as the route's options; it passes the route's merged rate-limit options (see ChildOptions).
    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as ChildOptions).routeInfo;
      if (route?.config?.rateLimit === INSTANCE_RATE_LIMIT) return new SharedStore(undefined, "", true);
      const method = Array.isArray(route?.method) ? route.method.join(",") : (route?.method ?? "");
      return new SharedStore(undefined, `${this.prefix}${method}${route?.url ?? ""}-`);
    }
  }

  const sweep = async (): Promise<number> => {
    counts.prune(now());
    if (longestWindowMs === 0) return 0;
    // A window that started before now minus the longest window has ended, whatever its length.
    const rows = await queryRows<{ n: number }>(
      db,
      sql`WITH gone AS (DELETE FROM rate_limit_hits WHERE window_start < ${now() - longestWindowMs} RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    );
    return Number(rows[0]?.n ?? 0);
  };
  const sweepTimer = setInterval(() => {
    sweep().catch((error: unknown) => log.warn({ err: error }, "The cleanup of ended rate-limit windows failed"));
  }, sweepEveryMs);
  sweepTimer.unref();
  // While the database fails, a flush is tried once per `retryMs` (the hits stay pending meanwhile).
  const flushTimer = batched
    ? setInterval(() => {
        if (counts.unflushed > 0 && (healthy || now() >= retryAt)) void flush();
      }, flushEveryMs)
    : undefined;
  flushTimer?.unref();

  return {
    Store: SharedStore as unknown as FastifyRateLimitStoreCtor,
    sweep,
    get shared() {
      return healthy;
    },
    flush: () => (batched ? flush() : Promise.resolve()),
    get unflushed() {
      return counts.unflushed;
    },
    close: async () => {
      clearInterval(sweepTimer);
      clearInterval(flushTimer);
      if (batched && counts.unflushed > 0) await flushWithin();
    },
  };
}
