import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { type Database, openDatabase } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { queryRows } from "../db/queryRows.js";
import { drivers, testDatabase } from "../testing/testDatabase.js";
import { fixedWindow, LocalWindowCounter, type RateLimitCount } from "./rateLimitStore.helpers.js";
import { INSTANCE_RATE_LIMIT, type RateLimitLog, type SharedRateLimit, sharedRateLimit } from "./rateLimitStore.js";

const serverUrl = process.env.DATABASE_URL_TEST;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Logged = { level: "warn" | "info"; message: string };
const recordingLog = (into: Logged[]): RateLimitLog => ({
  warn: (_details, message) => into.push({ level: "warn", message }),
  info: (_details, message) => into.push({ level: "info", message }),
});

type Store = FastifyRateLimitStore;
/** What `@fastify/rate-limit` passes to `child()` at run time (its types name the route's options instead). */
const routeOptions = (method: string, url: string, rateLimit: unknown) =>
  ({ routeInfo: { method, url, config: { rateLimit } } }) as unknown as Parameters<Store["child"]>[0];
const count = (store: Store, key: string, windowMs: number) =>
  new Promise<RateLimitCount>((resolve, reject) =>
    store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, 1000),
  );
const storedRows = (db: Database["db"]) =>
  queryRows<{ key: string; window_start: string; hits: number }>(
    db,
    sql`SELECT key, window_start::text, hits FROM rate_limit_hits ORDER BY key, window_start`,
  );

describe("fixed windows in memory (LocalWindowCounter)", () => {
  it("aligns windows to multiples of their length and counts per key", () => {
    expect(fixedWindow(125_000, 60_000)).toEqual({ start: 120_000, ttl: 55_000 });
    const counter = new LocalWindowCounter(2);
    expect(counter.hit("a", 60_000, 120_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(counter.hit("a", 60_000, 179_999)).toEqual({ current: 2, ttl: 1 });
    expect(counter.hit("a", 60_000, 180_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(counter.hit("b", 60_000, 180_000).current).toBe(1);
    expect(counter.hit("c", 60_000, 180_000).current).toBe(1);
    expect(counter.size).toBe(2); // "a", the oldest, went
    expect(counter.hit("a", 60_000, 180_001).current).toBe(1);
  });
});

describe.each(drivers)("the shared rate-limit store (%s)", (driver) => {
  let database: Database;
  let clock = 0;
  const limits: SharedRateLimit[] = [];
  const open = (options: Partial<Parameters<typeof sharedRateLimit>[0]> = {}, log: Logged[] = []) => {
    const limit = sharedRateLimit({ db: database.db, log: recordingLog(log), now: () => clock, ...options });
    limits.push(limit);
    return limit;
  };
  beforeAll(async () => {
    database = await testDatabase(driver);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    clock = 1_800_000_000_000;
    await database.db.execute(sql`TRUNCATE rate_limit_hits`);
  });
  afterEach(() => {
    for (const limit of limits.splice(0)) limit.close();
  });

  it("counts one window across two stores on one database, and starts over in the next window", async () => {
    const a = new (open().Store)({});
    const b = new (open().Store)({});
    expect(await count(a, "203.0.113.1", 60_000)).toEqual({ current: 1, ttl: 60_000 });
    clock += 10_000;
    expect(await count(b, "203.0.113.1", 60_000)).toEqual({ current: 2, ttl: 50_000 });
    expect(await count(a, "203.0.113.1", 60_000)).toEqual({ current: 3, ttl: 50_000 });
    expect(await count(b, "203.0.113.2", 60_000)).toEqual({ current: 1, ttl: 50_000 });
    clock += 50_000; // the next window
    expect(await count(b, "203.0.113.1", 60_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(await storedRows(database.db)).toEqual([
      { key: "203.0.113.1", window_start: String(1_800_000_000_000 - (1_800_000_000_000 % 60_000)), hits: 3 },
      { key: "203.0.113.1", window_start: String(1_800_000_060_000 - (1_800_000_060_000 % 60_000)), hits: 1 },
      { key: "203.0.113.2", window_start: String(1_800_000_000_000 - (1_800_000_000_000 % 60_000)), hits: 1 },
    ]);
  });

  it("counts many concurrent requests exactly (one atomic upsert each)", async () => {
    const stores = [new (open().Store)({}), new (open().Store)({})];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => count(stores[i % 2] as Store, "198.51.100.9", 60_000)),
    );
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it("deletes ended windows in the periodic cleanup, never the current one", async () => {
    const limit = open();
    const store = new limit.Store({});
    clock = 1_800_000_040_000; // 40 s into a window
    await count(store, "old", 60_000);
    clock += 60_000; // 40 s into the next window: the first one ended 40 s ago
    await count(store, "old", 60_000);
    await count(store, "new", 60_000);
    expect(await limit.sweep()).toBe(1);
    expect((await storedRows(database.db)).map((row) => row.key)).toEqual(["new", "old"]);
  });

  it("keeps the probes' and /metrics' count in memory (INSTANCE_RATE_LIMIT), and a route's own count apart", async () => {
    const store = new (open().Store)({});
    const probe = store.child(routeOptions("GET", "/health/live", INSTANCE_RATE_LIMIT));
    expect(await count(probe, "10.0.0.1", 60_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(await count(probe, "10.0.0.1", 60_000)).toEqual({ current: 2, ttl: 60_000 });
    expect(await storedRows(database.db)).toEqual([]);
    const route = store.child(routeOptions("GET", "/x", { max: 3 }));
    await count(route, "10.0.0.1", 60_000);
    expect((await storedRows(database.db)).map((row) => row.key)).toEqual(["GET/x-10.0.0.1"]);
  });
});

describe.skipIf(!serverUrl)("the shared rate limit when PostgreSQL fails", () => {
  it("counts in memory while the database is unreachable, warning once per period", async () => {
    // Nothing listens on port 1: every connection is refused.
    const down = await openDatabase({
      databaseUrl: "postgres://nobody@127.0.0.1:1/none",
      timeouts: { connectMs: 500 },
    });
    const log: Logged[] = [];
    const limit = sharedRateLimit({ db: down.db, log: recordingLog(log), retryMs: 0 });
    try {
      const store = new limit.Store({});
      const counts: number[] = [];
      for (let i = 0; i < 4; i++) counts.push((await count(store, "203.0.113.7", 60_000)).current);
      expect(counts).toEqual([1, 2, 3, 4]);
      expect(limit.shared).toBe(false);
      expect(log.filter((line) => line.level === "warn")).toHaveLength(1);
      expect(log[0]?.message).toMatch(/counting requests in this instance's memory/);
    } finally {
      limit.close();
      await down.close();
    }
  });

  it("counts in memory while the table is locked (a hung database), then shares again once it answers", async () => {
    const database = await testDatabase("postgres");
    const admin = new pg.Client({ connectionString: databaseUrlOf(database) });
    await admin.connect();
    const log: Logged[] = [];
    const limit = sharedRateLimit({ db: database.db, log: recordingLog(log), databaseTimeoutMs: 200, retryMs: 300 });
    try {
      const store = new limit.Store({});
      expect((await count(store, "k", 3_600_000)).current).toBe(1);
      await admin.query("BEGIN");
      await admin.query("LOCK TABLE rate_limit_hits IN ACCESS EXCLUSIVE MODE");
      expect((await count(store, "k", 3_600_000)).current).toBe(1); // local: the database did not answer
      expect(limit.shared).toBe(false);
      expect((await count(store, "k", 3_600_000)).current).toBe(2); // local, without asking the database
      await admin.query("ROLLBACK");
      await sleep(350); // past retryMs: the next request asks the database again
      const after = (await count(store, "k", 3_600_000)).current;
      // The database holds the first count, and the timed-out upsert that ran once the lock went.
      expect(after).toBeGreaterThanOrEqual(2);
      expect(limit.shared).toBe(true);
      expect(log.map((line) => line.level)).toEqual(["warn", "info"]);
    } finally {
      limit.close();
      await admin.end();
      await database.close();
    }
  });
});

function databaseUrlOf(database: Database): string {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const url = pool.options.connectionString;
  if (!url) throw new Error("no connection string");
  return url;
}

/** Two apps (two instances) on one PostgreSQL database, as `buildApp` builds them in `main.ts`. */
describe.skipIf(!serverUrl)("two instances on one PostgreSQL share the rate limit", () => {
  const WINDOW_MS = 3_600_000;
  let database: Database;
  let second: Database;
  let url = "";
  const apps: FastifyInstance[] = [];
  const instance = async (env: Record<string, string>, db: Database, timing = {}) => {
    const config = loadConfig({ LOG_LEVEL: "silent", CHAIN_ID: "999", ...env });
    const app = await buildApp(config, { database: db, sharedRateLimit: timing });
    await app.ready();
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    database = await testDatabase("postgres");
    url = databaseUrlOf(database);
    second = await openDatabase({ databaseUrl: url });
    await migrate(second);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await second.close();
    await database.close();
  });
  beforeEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await database.db.execute(sql`TRUNCATE rate_limit_hits`);
    // Start well inside a window, so a test's requests do not straddle two.
    const { ttl } = fixedWindow(Date.now(), WINDOW_MS);
    if (ttl < 30_000) await sleep(ttl + 10);
  });

  it("answers 429 after RATE_LIMIT_MAX requests in total, not per instance", async () => {
    const env = { RATE_LIMIT_MAX: "5", RATE_LIMIT_WINDOW_MS: String(WINDOW_MS) };
    const pair = [await instance(env, database), await instance(env, second)];
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await (pair[i % 2] as FastifyInstance).inject("/openapi.json")).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    const refused = await (pair[0] as FastifyInstance).inject("/auth/nonce");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests: at most 5 per/);
    // The probes count in each instance's memory and write nothing.
    const before = await storedRows(database.db);
    for (const app of pair) expect((await app.inject("/health/live")).statusCode).toBe(200);
    expect(await storedRows(database.db)).toEqual(before);
    expect(before).toEqual([{ key: "127.0.0.1", window_start: expect.any(String), hits: 11 }]);
  });

  it("starts over in the next window", async () => {
    const env = { RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_MS: "1500" };
    const pair = [await instance(env, database), await instance(env, second)];
    // Begin at the start of a window, so the three requests fall into one.
    await sleep(fixedWindow(Date.now(), 1500).ttl + 5);
    expect((await (pair[0] as FastifyInstance).inject("/openapi.json")).statusCode).toBe(200);
    expect((await (pair[1] as FastifyInstance).inject("/openapi.json")).statusCode).toBe(200);
    const refused = await (pair[0] as FastifyInstance).inject("/openapi.json");
    expect(refused.statusCode).toBe(429);
    await sleep(Number(refused.headers["x-ratelimit-reset"]) * 1000 + 5);
    expect((await (pair[1] as FastifyInstance).inject("/openapi.json")).statusCode).toBe(200);
  });

  it("never answers 5xx when the database blocks or drops the count: the instance's own limit holds", async () => {
    const env = { RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_MS: String(WINDOW_MS) };
    const app = await instance(env, database, { databaseTimeoutMs: 200, retryMs: 60_000 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      expect((await app.inject("/openapi.json")).statusCode).toBe(200); // shared count: 1
      // Every connection of the app's database dropped (a restart, a failover), and the table locked (hung).
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      await admin.query("BEGIN");
      await admin.query("LOCK TABLE rate_limit_hits IN ACCESS EXCLUSIVE MODE");
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await app.inject("/openapi.json")).statusCode);
      // Counted in memory from the failure on: 3 more requests pass, then 429.
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect((await app.inject("/health/live")).statusCode).toBe(200);
      await admin.query("ROLLBACK");
    } finally {
      await admin.end();
    }
  });

  it("serves from an unreachable database's instance with the in-memory limit, no 5xx", async () => {
    const down = await openDatabase({
      databaseUrl: "postgres://nobody@127.0.0.1:1/none",
      timeouts: { connectMs: 500 },
    });
    try {
      const app = await instance({ RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_MS: String(WINDOW_MS) }, down);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await app.inject("/openapi.json")).statusCode);
      expect(statuses).toEqual([200, 200, 429, 429]);
      expect((await app.inject("/health/live")).statusCode).toBe(200);
      expect((await app.inject("/health/ready")).statusCode).toBe(503);
    } finally {
      await Promise.all(apps.splice(0).map((app) => app.close()));
      await down.close();
    }
  });
});
