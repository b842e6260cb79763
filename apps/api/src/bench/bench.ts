// `npm run bench -w @fundament/api`: throughput and latency of the API's read routes against the bare
// `/health/live` route of the same server, in one run, on PGlite and on a throwaway PostgreSQL, with the
// response cache on and off. Figures are printed beside their targets, never asserted.
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { type Database, openDatabase } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { queryRows } from "../db/queryRows.js";
import { seedDemo } from "../demo/seed.js";
import { ResponseCache } from "../http/responseCache.js";
import { startThrowawayPostgres } from "./postgres.js";

const DURATION_S = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TRANSFERS = 10_000;
const BULK_TRANSFERS = Number(process.env.BENCH_BULK_TRANSFERS ?? 1_000_000);
const ACCOUNT = "0x00000000000000000000000000000000000a11ce";
const CHAIN_ID = 999;

const BARE = "/health/live";
const ROUTES = [
  BARE,
  "/futures/performance",
  "/nft-lending/performance",
  "/api/deposits/bybit?limit=100",
  `/v1/account/${ACCOUNT}/history?chainId=${CHAIN_ID}`,
];

type Driver = "pglite" | "postgres";
type Mode = "cache" | "no cache";
type Load = { rps: number; p50: number; p99: number; errors: number };
type Figure = Load & { driver: Driver; mode: Mode; route: string; ratio: number; ceiling: number; roundTrip: number };

/** Where each route's constant twin is served: the same body bytes, sent from memory with no work at all. */
const twin = (index: number) => `/bench/same-body/${index}`;

/** autocannon in a worker thread, so the load generator does not share the server's event loop. */
async function measure(url: string, duration = DURATION_S): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, workers: 1 });
  // Requests still queued in the server when the run ends would weigh on the next route: wait them out.
  await fetch(url, { signal: AbortSignal.timeout(300_000) }).then((response) => response.arrayBuffer());
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * What the routes read: the demo history with 10,000 exchange transfers, a year of 5-minute futures equity
 * snapshots (source bybit, ~105,000 rows), a year of daily NFT-lending values (import) and 10,000 transfers
 * of the investment token, half of them the bench account's.
 */
async function fill(db: Database["db"]): Promise<{ snapshots: number }> {
  await seedDemo({ db, transfers: TRANSFERS });
  await db.execute(sql`
    INSERT INTO performance_snapshots (vault, source, taken_at, value)
    SELECT 'futures', 'bybit', t, round((250000 + 20000 * sin(extract(epoch FROM t) / 2592000))::numeric, 2)
    FROM generate_series(now() - interval '365 days', now(), interval '5 minutes') AS t`);
  await db.execute(sql`
    INSERT INTO performance_snapshots (vault, source, taken_at, value)
    SELECT 'nft-lending', 'import', t, round((1200 + 50 * cos(extract(epoch FROM t) / 2592000))::numeric, 6)
    FROM generate_series(date_trunc('day', now()) - interval '364 days', date_trunc('day', now()), interval '1 day') AS t`);
  await db.execute(sql`
    INSERT INTO token_transfers (chain_id, tx_hash, log_index, block_number, mined_at, token, from_address, to_address, value)
    SELECT ${CHAIN_ID}, '0x' || lpad(to_hex(g), 64, '0'), 0, g, now() - (${TRANSFERS} - g) * interval '1 minute',
      '0x00000000000000000000000000000000000070c3',
      CASE WHEN g % 4 = 0 THEN ${ACCOUNT} ELSE '0x000000000000000000000000000000000000beef' END,
      CASE WHEN g % 4 = 1 THEN ${ACCOUNT} ELSE '0x000000000000000000000000000000000000f00d' END,
      (g::numeric * 1000000000000000)::text
    FROM generate_series(1, ${TRANSFERS}) AS g`);
  await db.execute(sql`ANALYZE`);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM performance_snapshots WHERE vault = 'futures'`,
  );
  return { snapshots: count?.n ?? 0 };
}

async function listen(database: Database, mode: Mode): Promise<{ app: FastifyInstance; url: string }> {
  const config = loadConfig({
    LOG_LEVEL: "warn",
    CHAIN_ID: String(CHAIN_ID),
    RATE_LIMIT_MAX: "1000000000",
    CACHE_TTL_MS: mode === "cache" ? "5000" : "0",
  });
  const app = await buildApp(config, { database, cache: new ResponseCache(config.cacheTtlMs), tokens: new Map() });
  // Each read route's twin: its own body, built once, served as a constant. What the twin reaches is the ceiling of
  // this machine for that body size (bytes written, parsed by the load generator); the route's ratio is read against it.
  const bodies: string[] = [];
  app.get<{ Params: { index: string } }>("/bench/same-body/:index", (request, reply) =>
    reply.type("application/json; charset=utf-8").send(bodies[Number(request.params.index)] ?? ""),
  );
  // And the same body after one trivial database round trip (`SELECT 1`): the ceiling of any route that asks the
  // database once per request, which is what "no cache" means.
  app.get<{ Params: { index: string } }>("/bench/round-trip/:index", async (request, reply) => {
    await database.db.execute(sql`SELECT 1`);
    return reply.type("application/json; charset=utf-8").send(bodies[Number(request.params.index)] ?? "");
  });
  for (const [index, route] of ROUTES.entries()) bodies[index] = (await app.inject({ url: route })).body;
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` };
}

/** An admin import of 100,000 NFT-lending rows on PGlite: how long it takes and the longest the event loop stalled. */
async function runImport(database: Database): Promise<{ ms: number; stallMs: number }> {
  const config = loadConfig({ LOG_LEVEL: "warn", CHAIN_ID: String(CHAIN_ID), ADMIN_TOKEN: "bench-admin" });
  const app = await buildApp(config, { database, cache: new ResponseCache(0), tokens: new Map() });
  const lines = ["timestamp,total_sol_value"];
  for (let i = 0; i < 100_000; i++) lines.push(`${1_500_000_000 + i * 300},${100 + (i % 7)}`);
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  await app.inject({
    method: "POST",
    url: "/admin/nft-lending/snapshots",
    payload: lines.join("\n"),
    headers: { authorization: "Bearer bench-admin", "content-type": "text/csv" },
  });
  const ms = performance.now() - started;
  clearInterval(ticker);
  stallMs = Math.max(stallMs, performance.now() - last);
  await app.close();
  return { ms: Math.round(ms), stallMs: Math.round(stallMs) };
}

async function runRoutes(driver: Driver, database: Database): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const mode of ["cache", "no cache"] as const) {
    const { app, url } = await listen(database, mode);
    try {
      const loads = new Map<string, Load>();
      const twins = new Map<string, Load>();
      const roundTrips = new Map<string, Load>();
      for (const [index, route] of ROUTES.entries()) {
        await measure(`${url}${route}`, 1); // warm-up: JIT, pool, plan and (with the cache) the first build
        loads.set(route, await measure(`${url}${route}`));
        if (route !== BARE && mode === "no cache") {
          await measure(`${url}${twin(index)}`, 1);
          twins.set(route, await measure(`${url}${twin(index)}`));
          await measure(`${url}/bench/round-trip/${index}`, 1);
          roundTrips.set(route, await measure(`${url}/bench/round-trip/${index}`));
        }
      }
      const bare = loads.get(BARE)?.rps ?? 1;
      for (const [route, load] of loads) {
        const ceiling = (twins.get(route)?.rps ?? bare) / bare;
        const roundTrip = (roundTrips.get(route)?.rps ?? bare) / bare;
        figures.push({ driver, mode, route, ...load, ratio: load.rps / bare, ceiling, roundTrip });
      }
    } finally {
      await app.close();
    }
  }
  return figures;
}

/** 1,000,000 deposits more (a template record with new ids and times); the first page and one 900,000 rows deep. */
async function runBulk(database: Database): Promise<{ route: string; load: Load }[]> {
  const { db } = database;
  await db.execute(sql`
    INSERT INTO exchange_transfers (exchange, kind, id, source, timestamp, record)
    SELECT 'bybit', 'deposit', 'bulk-' || g, 'demo', tpl.timestamp - g * 1000,
      tpl.record || jsonb_build_object('id', 'bulk-' || g, 'timestamp', tpl.timestamp - g * 1000)
    FROM generate_series(1, ${BULK_TRANSFERS}) AS g,
      (SELECT timestamp, record FROM exchange_transfers WHERE kind = 'deposit' ORDER BY timestamp LIMIT 1) AS tpl`);
  await db.execute(sql`VACUUM ANALYZE exchange_transfers`); // the steady state: hint bits and visibility map set
  const [row] = await queryRows<{ timestamp: string | number; id: string }>(
    db,
    sql`
    SELECT timestamp, id FROM exchange_transfers WHERE exchange = 'bybit' AND kind = 'deposit'
    ORDER BY timestamp DESC, id DESC OFFSET ${Math.floor(BULK_TRANSFERS * 0.9)} LIMIT 1`,
  );
  if (!row) throw new Error("The bulk insert left no deep page");
  const cursor = encodeURIComponent(`${row.timestamp}:${row.id}`);
  const { app, url } = await listen(database, "no cache");
  try {
    const results: { route: string; load: Load }[] = [];
    for (const route of ["/api/deposits/bybit?limit=100", `/api/deposits/bybit?limit=100&cursor=${cursor}`]) {
      await measure(`${url}${route}`, 1);
      results.push({
        route: route.includes("cursor") ? "deep cursor page (90%)" : "first page",
        load: await measure(`${url}${route}`),
      });
    }
    // The first page's body served as a constant: the latency floor of this machine at this body size.
    const firstPage = twin(ROUTES.indexOf("/api/deposits/bybit?limit=100"));
    await measure(`${url}${firstPage}`, 1);
    results.push({ route: "its constant twin (ceiling)", load: await measure(`${url}${firstPage}`) });
    return results;
  } finally {
    await app.close();
  }
}

const started = Date.now();
const figures: Figure[] = [];
let snapshots = 0;
let importFigure = { ms: 0, stallMs: 0 };
{
  const database = await openDatabase();
  try {
    await migrate(database);
    snapshots = (await fill(database.db)).snapshots;
    figures.push(...(await runRoutes("pglite", database)));
    importFigure = await runImport(database);
  } finally {
    await database.close();
  }
}
const postgres = await startThrowawayPostgres();
let bulk: { route: string; load: Load }[] = [];
try {
  // The bulk insert of a million rows takes longer than a request may.
  const database = await openDatabase({ databaseUrl: postgres.url, timeouts: { statementMs: 600_000 } });
  try {
    await migrate(database);
    await fill(database.db);
    figures.push(...(await runRoutes("postgres", database)));
    bulk = await runBulk(database);
  } finally {
    await database.close();
  }
} finally {
  await postgres.stop();
}

const target = (f: Figure) =>
  f.route === BARE || f.mode === "cache" ? "" : f.driver === "postgres" ? "≥ 0.50" : "≥ 0.25";
console.log(
  `\n@fundament/api read routes: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route; ` +
    `${snapshots.toLocaleString("en-US")} futures equity snapshots (a year at 5 minutes), 365 NFT-lending values, ` +
    `${TRANSFERS.toLocaleString("en-US")} exchange transfers, ${TRANSFERS.toLocaleString("en-US")} token transfers`,
);
console.log(
  `${"driver".padEnd(9)}${"cache".padEnd(10)}${"route".padEnd(40)}${"req/s".padStart(8)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"ratio".padStart(7)}${"target".padStart(8)}${"ceiling".padStart(9)}${"1 trip".padStart(8)}${"errors".padStart(8)}`,
);
for (const f of figures) {
  const route = f.route.startsWith("/v1/account/") ? "/v1/account/<addr>/history" : f.route;
  console.log(
    `${f.driver.padEnd(9)}${f.mode.padEnd(10)}${route.padEnd(40)}${f.rps.toFixed(0).padStart(8)}${String(f.p50).padStart(8)}${String(f.p99).padStart(8)}${f.ratio.toFixed(2).padStart(7)}${target(f).padStart(8)}${(f.mode === "no cache" && f.route !== BARE ? f.ceiling.toFixed(2) : "").padStart(9)}${(f.mode === "no cache" && f.route !== BARE ? f.roundTrip.toFixed(2) : "").padStart(8)}${String(f.errors).padStart(8)}`,
  );
}
console.log(
  `\nPostgreSQL, no cache, ${(BULK_TRANSFERS + TRANSFERS).toLocaleString("en-US")} stored transfers, /api/deposits/bybit?limit=100 (target: p99 < 50 ms)`,
);
console.log(
  "ceiling: the ratio a constant route serving the same body bytes reaches in the same run (no database, no work): " +
    "the most any implementation of the route can reach on this machine at this body size; 1 trip: the same after " +
    "one `SELECT 1`, the most a route that reads the database once per request can reach",
);
for (const { route, load } of bulk) {
  console.log(
    `${route.padEnd(28)}${load.rps.toFixed(0).padStart(8)} req/s${String(load.p50).padStart(6)} ms p50${String(load.p99).padStart(6)} ms p99${String(load.errors).padStart(6)} errors`,
  );
}
console.log(
  `\nPGlite, admin import of 100,000 NFT-lending rows (CSV): ${importFigure.ms} ms in all, the event loop stalled ` +
    `${importFigure.stallMs} ms at most (target: < 250 ms; it yields between 2,000-row statements)`,
);
console.log(`\nbench took ${Math.round((Date.now() - started) / 1000)} s`);
