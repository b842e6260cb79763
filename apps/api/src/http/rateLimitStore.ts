import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../db/client.js";
import { queryRows } from "../db/queryRows.js";
import { fixedWindow, LocalWindowCounter, type RateLimitCount } from "./rateLimitStore.helpers.js";

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
  /** How long a request waits for its count before counting locally instead (ms). */
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
  /** Stops the periodic cleanup. */
  close(): void;
};

/** One counted request: the same statement as the drizzle one below, prepared once per pooled connection. */
const UPSERT = `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 1)
  ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1 RETURNING hits`;

/** The child options `@fastify/rate-limit` passes: the route's merged rate-limit options and the route itself. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string; config?: { rateLimit?: unknown } } };

/**
 * A `@fastify/rate-limit` store shared by every instance on one PostgreSQL: one atomic upsert per counted request
 * into the UNLOGGED `rate_limit_hits` (fixed windows aligned to their length, so all instances count the same
 * window), and a cleanup of ended windows every `sweepEveryMs` (not per request).
 *
 * Fails open to the instance's own limit: when the database errors or does not answer within `databaseTimeoutMs`,
 * the request is counted in this process's memory instead (same windows), and so are the requests of the next
 * `retryMs`; then one request tries the database again. A warning is logged at most once per `logEveryMs`.
 */
export function sharedRateLimit({
  db,
  log,
  databaseTimeoutMs = 1_000,
  retryMs = 5_000,
  logEveryMs = 60_000,
  sweepEveryMs = 60_000,
  now = Date.now,
}: SharedRateLimitOptions): SharedRateLimit {
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

  const countShared = async (key: string, windowStart: number): Promise<number> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The rate-limit count did not answer within ${databaseTimeoutMs} ms`)),
        databaseTimeoutMs,
      );
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

  class SharedStore implements FastifyRateLimitStore {
    private readonly local = new LocalWindowCounter();

    constructor(
      _options?: unknown,
      private readonly prefix = "",
      private readonly instanceOnly = false,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: RateLimitCount) => void, timeWindow: number): void {
      const at = now();
      longestWindowMs = Math.max(longestWindowMs, timeWindow);
      if (this.instanceOnly || !useDatabase(at)) {
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
    if (longestWindowMs === 0) return 0;
    // A window that started before now minus the longest window has ended, whatever its length.
    const rows = await queryRows<{ n: number }>(
      db,
      sql`WITH gone AS (DELETE FROM rate_limit_hits WHERE window_start < ${now() - longestWindowMs} RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    );
    return Number(rows[0]?.n ?? 0);
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => log.warn({ err: error }, "The cleanup of ended rate-limit windows failed"));
  }, sweepEveryMs);
  timer.unref();

  return {
    Store: SharedStore as unknown as FastifyRateLimitStoreCtor,
    sweep,
    get shared() {
      return healthy;
    },
    close: () => clearInterval(timer),
  };
}
