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
const count = (store: Store, key: string, windowMs: number, max = 1000) =>
  new Promise<RateLimitCount>((resolve, reject) =>
    store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, max),
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
  afterEach(async () => {
    await Promise.all(limits.splice(0).map((limit) => limit.close()));
  });

  // flushEveryMs 0: one upsert per request, exact.
  const exact = { flushEveryMs: 0 };
  it("counts one window across two stores on one database, and starts over in the next window", async () => {
    const a = new (open(exact).Store)({});
    const b = new (open(exact).Store)({});
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
    const stores = [new (open(exact).Store)({}), new (open(exact).Store)({})];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => count(stores[i % 2] as Store, "198.51.100.9", 60_000)),
    );
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it("deletes ended windows in the periodic cleanup, never the current one", async () => {
    const limit = open(exact);
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
    const store = new (open(exact).Store)({});
    const probe = store.child(routeOptions("GET", "/health/live", INSTANCE_RATE_LIMIT));
    expect(await count(probe, "10.0.0.1", 60_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(await count(probe, "10.0.0.1", 60_000)).toEqual({ current: 2, ttl: 60_000 });
    expect(await storedRows(database.db)).toEqual([]);
    const route = store.child(routeOptions("GET", "/x", { max: 3 }));
    await count(route, "10.0.0.1", 60_000);
    expect((await storedRows(database.db)).map((row) => row.key)).toEqual(["GET/x-10.0.0.1"]);
  });
});

describe.each(drivers)("the batched shared rate-limit store (%s)", (driver) => {
  const WINDOW = 3_600_000;
  let database: Database;
  let clock = 0;
  const limits: SharedRateLimit[] = [];
  const open = (options: Partial<Parameters<typeof sharedRateLimit>[0]> = {}, log: Logged[] = []) => {
    // A flush period the test outlasts: flushes happen when a test calls flush(), or when a request asks for one.
    const limit = sharedRateLimit({
      db: database.db,
      log: recordingLog(log),
      now: () => clock,
      flushEveryMs: 60_000,
      ...options,
    });
    limits.push(limit);
    return limit;
  };
  const total = async () => (await storedRows(database.db)).reduce((sum, row) => sum + row.hits, 0);
  beforeAll(async () => {
    database = await testDatabase(driver);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    clock = 1_800_000_000_000;
    await database.db.execute(sql`TRUNCATE rate_limit_hits`);
  });
  afterEach(async () => {
    await Promise.all(limits.splice(0).map((limit) => limit.close()));
  });

  it("lets exactly MAX through across two stores when the hits are spaced past the flush period", async () => {
    const MAX = 5;
    const a = open({ flushEveryMs: 50 });
    const b = open({ flushEveryMs: 50 });
    const stores = [new a.Store({}), new b.Store({})];
    const counts: number[] = [];
    for (let i = 0; i < 12; i++) {
      clock += 1_000; // more than two flush periods: each store asks the table before it answers
      counts.push((await count(stores[i % 2] as Store, "203.0.113.5", WINDOW, MAX)).current);
    }
    expect(counts).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(counts.filter((c) => c <= MAX)).toHaveLength(MAX);
    expect(a.unflushed + b.unflushed).toBe(0);
    expect(await total()).toBe(12);
  });

  it("overshoots a burst by no more than (instances - 1) x the hits per instance between two flushes, x 2", async () => {
    const MAX = 20;
    const PER_FLUSH = 4; // hits per instance between two flushes
    const pair = [open(), open()];
    const stores = pair.map((limit) => new limit.Store({}));
    const counts: number[] = [];
    for (let round = 0; round < 12; round++) {
      const burst = await Promise.all(
        Array.from({ length: PER_FLUSH * 2 }, (_, i) => count(stores[i % 2] as Store, "198.51.100.7", WINDOW, MAX)),
      );
      counts.push(...burst.map((c) => c.current));
      for (const limit of pair) await limit.flush(); // one flush period
      clock += 10;
    }
    const passed = counts.filter((c) => c <= MAX).length;
    console.log(
      `burst of ${counts.length} hits on 2 stores, max ${MAX}, ${PER_FLUSH} per store per flush: ${passed} passed`,
    );
    expect(passed).toBeGreaterThanOrEqual(MAX);
    expect(passed).toBeLessThanOrEqual(MAX + 2 * (pair.length - 1) * PER_FLUSH);
    expect(await total()).toBe(counts.length); // every hit reached the table once
  });

  it("keeps counting locally while the flush fails (no error), and sends the kept hits once the table answers", async () => {
    const log: Logged[] = [];
    const limit = open({ retryMs: 0 }, log);
    const store = new limit.Store({});
    await database.db.execute(sql`ALTER TABLE rate_limit_hits RENAME TO rate_limit_hits_away`);
    const counts: number[] = [];
    try {
      for (let i = 0; i < 5; i++) counts.push((await count(store, "192.0.2.4", WINDOW, 3)).current);
      await limit.flush(); // fails again: the hits stay pending
    } finally {
      await database.db.execute(sql`ALTER TABLE rate_limit_hits_away RENAME TO rate_limit_hits`);
    }
    expect(counts).toEqual([1, 2, 3, 4, 5]); // the local count limits: the 4th and 5th are past max 3
    expect(limit.shared).toBe(false);
    expect(limit.unflushed).toBe(5);
    expect(log.filter((line) => line.level === "warn")).toHaveLength(1);
    await limit.flush();
    expect(limit.shared).toBe(true);
    expect(limit.unflushed).toBe(0);
    expect(await storedRows(database.db)).toEqual([{ key: "192.0.2.4", window_start: expect.any(String), hits: 5 }]);
    expect(log.map((line) => line.level)).toEqual(["warn", "info"]);
    expect((await count(store, "192.0.2.4", WINDOW, 3)).current).toBe(6);
  });

  it("flushes what is pending on close()", async () => {
    const limit = open();
    const store = new limit.Store({});
    for (let i = 0; i < 3; i++) await count(store, "192.0.2.9", WINDOW);
    // The first hit asked the table (a new key); the next two wait for the next flush.
    expect((await storedRows(database.db)).map((row) => row.hits)).toEqual([1]);
    expect(limit.unflushed).toBe(2);
    await limit.close();
    expect((await storedRows(database.db)).map((row) => row.hits)).toEqual([3]);
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
    const limit = sharedRateLimit({ db: down.db, log: recordingLog(log), retryMs: 0, flushEveryMs: 0 });
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
    const limit = sharedRateLimit({
      db: database.db,
      log: recordingLog(log),
      databaseTimeoutMs: 200,
      retryMs: 300,
      flushEveryMs: 0,
    });
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

  it("answers 429 after RATE_LIMIT_MAX requests in total, not per instance (RATE_LIMIT_FLUSH_MS=0: exact)", async () => {
    const env = { RATE_LIMIT_MAX: "5", RATE_LIMIT_WINDOW_MS: String(WINDOW_MS), RATE_LIMIT_FLUSH_MS: "0" };
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

  it("shares the count of 404s between instances too: a path scan is refused fleet-wide", async () => {
    const env = { RATE_LIMIT_MAX: "4", RATE_LIMIT_WINDOW_MS: String(WINDOW_MS), RATE_LIMIT_FLUSH_MS: "0" };
    const pair = [await instance(env, database), await instance(env, second)];
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await (pair[i % 2] as FastifyInstance).inject(`/wp-admin-${i}.php`)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429, 429, 429]);
    expect(await storedRows(database.db)).toEqual([{ key: "127.0.0.1", window_start: expect.any(String), hits: 8 }]);
  });

  it("starts over in the next window", async () => {
    const env = { RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_MS: "1500", RATE_LIMIT_FLUSH_MS: "0" };
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

  it.each([
    ["per request", 0],
    ["batched", 100],
  ])(
    "never answers 5xx when the database blocks or drops the count (%s): the instance's own limit holds",
    async (_mode, flushEveryMs) => {
      const env = { RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_MS: String(WINDOW_MS) };
      const app = await instance(env, database, { databaseTimeoutMs: 200, retryMs: 60_000, flushEveryMs });
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
        // Per request: counted in memory from the failure on, so 3 more requests pass, then 429. Batched: the
        // known total (1) plus the hits kept in memory, so the limit of 3 still holds exactly.
        expect(statuses).toEqual(flushEveryMs === 0 ? [200, 200, 200, 429, 429] : [200, 200, 429, 429, 429]);
        expect((await app.inject("/health/live")).statusCode).toBe(200);
        await admin.query("ROLLBACK");
      } finally {
        await admin.end();
      }
    },
  );

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
