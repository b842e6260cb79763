import ccxt from "ccxt";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { exchangeTransfers, performanceSnapshots } from "../db/schema.js";
import { DEMO_USD_PRICES, seedDemo } from "../demo/seed.js";
import { recordRun } from "../jobs/syncState.js";
import { toCents, USD_STABLECOINS } from "../sync/amountUsd.js";
import { createBybit } from "../sync/createBybit.js";
import { runBybitSync } from "../sync/runBybitSync.js";
import { toUnifiedTransfer } from "../sync/toUnifiedTransfer.js";
import { DAY, type FakeBybit, makeDeposits, makeKline, startFakeBybit } from "../testing/fakeBybit.js";
import { type TestApp, testApp } from "../testing/testApp.js";

const NOW = new Date(Date.UTC(2026, 10, 20));

describe("without exchange keys, on demo data", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ ADMIN_TOKEN: "admin-secret", RATE_LIMIT_MAX: "10000" });
  });
  afterAll(() => t.close());

  it("answers the performance payloads with an error while nothing is recorded", async () => {
    const futures = await t.app.inject("/futures/performance");
    expect(futures.statusCode).toBe(200);
    expect(futures.json()).toEqual({
      initial_tvl_usd: 0,
      current_tvl_usd: 0,
      performance_records: [],
      error: "Bybit API keys are not configured",
      source: "none",
    });
    const nft = (await t.app.inject("/nft-lending/performance")).json();
    expect(nft).toMatchObject({ summary: null, performance_chart_data: [], error: expect.stringMatching(/imported/) });
  });

  it("answers the exchange envelopes with data.error and null lists", async () => {
    const response = await t.app.inject("/api/withdrawals/bybit");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: "Withdrawals retrieved",
      statusCode: 200,
      data: { source: "bybit", withdrawals: null, error: "Bybit API keys are not configured", next_cursor: null },
    });
  });

  it("serves the demo history once seeded", async () => {
    await seedDemo({ db: t.database.db, now: NOW });
    t.cache.clear();
    const futures = (await t.app.inject("/futures/performance")).json();
    expect(futures.performance_records).toHaveLength(180);
    expect(futures.performance_records[179]).toMatchObject({ date: "20/11/2026" });
    expect(futures.performance_records[0].date).toBe("25/05/2026");
    expect(futures.initial_tvl_usd).toBe(250000);
    expect(futures.current_tvl_usd).toBe(futures.performance_records[179].tvl_usd);
    expect(futures).toMatchObject({ error: null, source: "demo" });

    const nft = (await t.app.inject("/nft-lending/performance")).json();
    expect(nft.performance_chart_data).toHaveLength(90);
    const points = nft.performance_chart_data as { total_sol_value: number; timestamp: number }[];
    expect(nft.summary.total_profit_sol).toBeCloseTo(
      (points[89]?.total_sol_value ?? 0) - (points[0]?.total_sol_value ?? 0),
      5,
    );
    expect(points[89]?.timestamp).toBe(NOW.getTime() / 1000);

    const deposits = (await t.app.inject("/api/deposits/bybit?limit=500")).json();
    const withdrawals = (await t.app.inject("/api/withdrawals/bybit?limit=500")).json();
    expect(deposits.data.source).toBe("demo");
    expect(deposits.data.error).toBe("Bybit API keys are not configured");
    expect(deposits.data.deposits.length + withdrawals.data.withdrawals.length).toBe(60);
    const times = (deposits.data.deposits as { timestamp: number }[]).map((d) => d.timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(deposits.data.deposits[0]).toMatchObject({ type: "deposit", info: { depositType: "0" } });
  });

  it("gives every demo record an amountUsd from the fixed demo prices (stablecoins 1:1)", async () => {
    const deposits = (await t.app.inject("/api/deposits/bybit?limit=500")).json().data.deposits;
    const withdrawals = (await t.app.inject("/api/withdrawals/bybit?limit=500")).json().data.withdrawals;
    const records = [...deposits, ...withdrawals] as { coin: string; amount: number; amountUsd: unknown }[];
    expect(records).toHaveLength(60);
    const coins = new Set(records.map((r) => r.coin));
    expect([...coins].sort()).toEqual(["BTC", "ETH", "USDC", "USDT"]);
    for (const r of records) {
      const price = USD_STABLECOINS.has(r.coin) ? 1 : DEMO_USD_PRICES[r.coin];
      expect(r.amountUsd, r.coin).toBe(toCents(r.amount * (price ?? Number.NaN)));
    }
    expect(DEMO_USD_PRICES).toEqual({ ETH: 3_000, BTC: 60_000 });
  });

  it("pages with next_cursor and filters by since/until", async () => {
    const all = (await t.app.inject("/api/deposits/bybit?limit=500")).json().data.deposits as {
      id: string;
      timestamp: number;
    }[];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/deposits/bybit?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const body = (await t.app.inject(query)).json();
      seen.push(...body.data.deposits.map((d: { id: string }) => d.id));
      cursor = body.data.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.map((d) => d.id));

    const since = all[10]?.timestamp ?? 0;
    const until = all[3]?.timestamp ?? 0;
    const range = (await t.app.inject(`/api/deposits/bybit?since=${since}&until=${until}`)).json();
    expect(range.data.deposits.map((d: { id: string }) => d.id)).toEqual(all.slice(3, 11).map((d) => d.id));
  });

  it("answers 400 with a clear message for bad query parameters", async () => {
    const cases: [string, RegExp][] = [
      ["/api/deposits/bybit?limit=0", /^Invalid query: limit: limit must be a whole number between 1 and 500$/],
      ["/api/deposits/bybit?limit=abc", /limit must be a whole number/],
      ["/api/withdrawals/bybit?since=yesterday", /since must be a time in milliseconds/],
      ["/api/withdrawals/bybit?since=20&until=10", /since must not be after until/],
      ["/api/deposits/bybit?cursor=nope", /cursor must be a next_cursor value/],
    ];
    for (const [url, message] of cases) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(message);
      expect(response.json().error).toBe(response.json().message);
    }
  });

  it("answers unknown routes with a JSON 404", async () => {
    const response = await t.app.inject("/nope?x=1");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: "Route not found: GET /nope",
      message: "Route not found: GET /nope",
    });
  });

  it("imports NFT-lending snapshots with the admin token only (JSON or CSV)", async () => {
    const url = "/admin/nft-lending/snapshots";
    const payload = [
      { timestamp: 1_790_000_000, total_sol_value: 100 },
      { timestamp: "2026-09-23T00:00:00Z", total_sol_value: "104.5" },
    ];
    expect((await t.app.inject({ method: "POST", url, payload })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: "POST", url, payload, headers: { authorization: "Bearer nope" } });
    expect(wrong.json()).toMatchObject({ statusCode: 401, error: "A valid admin bearer token is required" });
    const auth = { authorization: "Bearer admin-secret" };
    const json = await t.app.inject({ method: "POST", url, payload, headers: auth });
    expect(json.json()).toEqual({ stored: 2 });
    const csv = await t.app.inject({
      method: "POST",
      url,
      payload: "timestamp,total_sol_value\n1790172800,106\n1790000000,101\n",
      headers: { ...auth, "content-type": "text/csv" },
    });
    expect(csv.json()).toEqual({ stored: 2 });
    const bad = await t.app.inject({
      method: "POST",
      url,
      payload: "timestamp,total_sol_value\n1790172800,lots\n",
      headers: { ...auth, "content-type": "text/csv" },
    });
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      message: 'Row 1: total_sol_value "lots" is not a non-negative number up to 1e15',
    });

    // Imported data is preferred over demo data, and the upsert replaced the first point's value.
    const nft = (await t.app.inject("/nft-lending/performance")).json();
    expect(nft.source).toBe("import");
    expect(nft.performance_chart_data).toEqual([
      { total_sol_value: 101, timestamp: 1_790_000_000 },
      { total_sol_value: 104.5, timestamp: Date.parse("2026-09-23T00:00:00Z") / 1000 },
      { total_sol_value: 106, timestamp: 1_790_172_800 },
    ]);
    expect(nft.summary.total_profit_sol).toBe(5);
  });

  it("imports 100,000 rows all at once while the process keeps answering (PGlite runs in this thread)", async () => {
    const lines = ["timestamp,total_sol_value"];
    const start = 1_600_000_000;
    for (let i = 0; i < 100_000; i++) lines.push(`${start + i * 300},${100 + (i % 7)}`);
    // The event loop keeps turning during the import: it yields between its statements (one 100,000-row
    // transaction used to hold this thread for seconds, and no other request was answered meanwhile).
    let turns = 0;
    let importing = true;
    const turn = () => {
      if (!importing) return;
      turns++;
      setImmediate(turn);
    };
    setImmediate(turn);
    const imported = await t.app.inject({
      method: "POST",
      url: "/admin/nft-lending/snapshots",
      payload: lines.join("\n"),
      headers: { authorization: "Bearer admin-secret", "content-type": "text/csv" },
    });
    importing = false;
    expect(imported.json()).toEqual({ stored: 100_000 });
    expect(turns).toBeGreaterThanOrEqual(20);
    const stored = await t.database.db.execute(
      sql`SELECT count(*)::int AS n, sum(value)::float8 AS total FROM performance_snapshots
          WHERE vault = 'nft-lending' AND source = 'import' AND taken_at >= to_timestamp(${start})
            AND taken_at < to_timestamp(${start + 100_000 * 300})`,
    );
    expect((stored as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: 100_000, total: 100 * 100_000 + 299_995 });
  }, 120_000);

  it("serves the OpenAPI document and its UI from the package (no CDN)", async () => {
    const doc = (await t.app.inject("/openapi.json")).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/futures/performance",
        "/nft-lending/performance",
        "/api/deposits/bybit",
        "/api/withdrawals/bybit",
        "/health",
        "/auth/nonce",
        "/auth/verify",
        "/v1/account/{address}/history",
      ]),
    );
    expect(doc.paths["/api/deposits/bybit"].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["limit", "cursor", "since", "until"]),
    );
    for (const [path, plural] of [
      ["/api/deposits/bybit", "deposits"],
      ["/api/withdrawals/bybit", "withdrawals"],
    ] as const) {
      const envelope = doc.paths[path].get.responses["200"].content["application/json"].schema;
      const record = envelope.properties.data.properties[plural].items;
      expect(record.properties.amountUsd).toMatchObject({ type: "number", nullable: true });
      expect(record.properties).toHaveProperty("info");
    }
    const ui = await t.app.inject("/docs/");
    const html = ui.statusCode === 200 ? ui.body : (await t.app.inject("/docs/static/index.html")).body;
    expect(html).toContain("swagger-ui");
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|localhost)[a-z0-9.-]+\/[^"']*\.(js|css)/i);
    const bundle = await t.app.inject("/docs/static/swagger-ui-bundle.js");
    expect(bundle.statusCode).toBe(200);
  });

  it("sends security headers and allows credentialed CORS for the web origin only", async () => {
    const ok = await t.app.inject({ url: "/health/live", headers: { origin: "http://localhost:5173" } });
    expect(ok.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    expect(ok.headers["access-control-allow-credentials"]).toBe("true");
    expect(ok.headers["x-content-type-options"]).toBe("nosniff");
    const other = await t.app.inject({ url: "/health/live", headers: { origin: "http://evil.test" } });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("reports each job's freshness on /health, and its cursor and error to the admin only", async () => {
    await runBybitSync({ db: t.database.db, exchange: undefined, startMs: 0 });
    const anonymous = await t.app.inject("/health");
    const health = anonymous.json();
    // Without Bybit keys the exchange jobs have nothing to sync: not configured, which is not a failure.
    expect(health).toMatchObject({ status: "ok", database: "ok", exchange: { configured: false } });
    expect(health.jobs).toContainEqual({ job: "bybit:deposits", status: "not_configured", last_success_at: null });
    expect(anonymous.body).not.toMatch(/last_error|cursor|last_synced_point|pglite/);
    const admin = (await t.app.inject({ url: "/health", headers: { authorization: "Bearer admin-secret" } })).json();
    expect(admin).toMatchObject({ driver: "pglite" });
    expect(admin.jobs).toContainEqual(
      expect.objectContaining({
        job: "bybit:deposits",
        status: "not_configured",
        last_error: "Bybit API keys are not configured",
        last_synced_point: null,
      }),
    );
  });
});

/** The app with Bybit keys, pointed at a fresh fake Bybit, without the response cache. */
async function startKeyedApp(): Promise<{ t: TestApp; fake: FakeBybit }> {
  const fake = await startFakeBybit();
  const t = await testApp({
    BYBIT_API_KEY: fake.apiKey,
    BYBIT_API_SECRET: fake.secret,
    BYBIT_BASE_URL: fake.url,
    CACHE_TTL_MS: "0",
    ADMIN_TOKEN: "admin-secret",
  });
  return { t, fake };
}

describe("with exchange keys", () => {
  let t: TestApp;
  let fake: FakeBybit;
  beforeAll(async () => {
    ({ t, fake } = await startKeyedApp());
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });
  beforeEach(() => {
    fake.fail = undefined;
  });

  it("answers 200 from the database with data.error in plain words when the exchange fails", async () => {
    const end = Date.now();
    fake.deposits = makeDeposits(5, end - 10 * DAY, end - DAY);
    const exchange = createBybit({ apiKey: fake.apiKey, secret: fake.secret, baseUrl: fake.url });
    await runBybitSync({ db: t.database.db, exchange, startMs: end - 20 * DAY });
    const good = (await t.app.inject("/api/deposits/bybit")).json();
    expect(good.data).toMatchObject({ source: "bybit", error: null });
    expect(good.data.deposits).toHaveLength(5);

    fake.fail = () => "drop";
    await runBybitSync({ db: t.database.db, exchange, startMs: end - 20 * DAY });
    const down = await t.app.inject("/api/deposits/bybit");
    expect(down.statusCode).toBe(200);
    expect(down.json().data.deposits).toHaveLength(5);
    expect(down.json().data.error).toMatch(/^Bybit was unreachable at \d{4}-\d\d-\d\dT.+Z: /);
    expect(down.body).not.toMatch(/test-secret|stack|\.ts:\d+/);

    // The equity recorded before the failure still answers; /health says what went wrong.
    const futures = (await t.app.inject("/futures/performance")).json();
    expect(futures).toMatchObject({ error: null, source: "bybit" });
    const health = (await t.app.inject({ url: "/health", headers: { authorization: "Bearer admin-secret" } })).json();
    expect(health.jobs).toContainEqual(
      expect.objectContaining({ job: "bybit:equity", last_error: expect.stringMatching(/^Bybit was unreachable/) }),
    );
  });

  it("never shows a stored upstream body or internal text: the route says it in a plain sentence", async () => {
    const html = "Bybit answered with an error at 2026-01-01T00:00:00.000Z: <html><body>502 Bad Gateway</body></html>";
    await recordRun(t.database.db, "bybit:withdrawals", html);
    await recordRun(t.database.db, "bybit:equity", "select * from sync_state failed\n    at run (/app/src/x.ts:1:1)");
    const withdrawals = await t.app.inject("/api/withdrawals/bybit");
    expect(withdrawals.statusCode).toBe(200);
    expect(withdrawals.json().data.error).toBe(
      "Bybit answered with an error at 2026-01-01T00:00:00.000Z; the details are in the server log",
    );
    await t.database.db.delete(performanceSnapshots);
    const futures = await t.app.inject("/futures/performance");
    expect(futures.json().error).toBe("The last run failed; the details are in the server log");
    for (const body of [withdrawals.body, futures.body]) expect(body).not.toMatch(/<html>|select \*|\/src\//);
  });

  it("serves the synced futures equity", async () => {
    fake.totalEquity = "123456.78";
    const exchange = createBybit({ apiKey: fake.apiKey, secret: fake.secret, baseUrl: fake.url });
    await runBybitSync({ db: t.database.db, exchange, startMs: Date.now() - DAY });
    const futures = (await t.app.inject("/futures/performance")).json();
    expect(futures).toMatchObject({ current_tvl_usd: 123456.78, error: null, source: "bybit" });
  });
});

describe("amountUsd of synced and older records", () => {
  let t: TestApp;
  let fake: FakeBybit;
  beforeAll(async () => {
    ({ t, fake } = await startKeyedApp());
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it("serves the price stored at sync time, and the stablecoin rule or null for records stored without one", async () => {
    const end = Date.now();
    const minute = Math.floor((end - 2 * DAY) / 60_000) * 60_000;
    const [row] = makeDeposits(1, minute, minute);
    fake.deposits = [{ ...(row as (typeof fake.deposits)[number]), id: "synced-eth", coin: "ETH", amount: "1.25" }];
    fake.klines = { ETHUSDT: [makeKline(minute - 60_000, "2400"), makeKline(minute, "2450.5")] };
    const exchange = createBybit({ apiKey: fake.apiKey, secret: fake.secret, baseUrl: fake.url });
    await runBybitSync({ db: t.database.db, exchange, startMs: end - 3 * DAY });

    // Records synced before amountUsd existed: the unified record alone, as the sync used to store it.
    const parser = new ccxt.bybit();
    const old = (id: string, coin: string, amount: string, time: number) => {
      const record = toUnifiedTransfer(
        parser.parseTransaction({ ...row, id, coin, amount, successAt: String(time) }),
        "deposit",
      );
      return { exchange: "bybit", kind: "deposit" as const, id, source: "bybit" as const, timestamp: time, record };
    };
    await t.database.db
      .insert(exchangeTransfers)
      .values([
        old("old-usdt", "USDT", "500", end - 5 * DAY),
        old("old-dai", "DAI", "20.5", end - 6 * DAY),
        old("old-eth", "ETH", "2", end - 7 * DAY),
      ]);

    const response = await t.app.inject("/api/deposits/bybit");
    expect(response.statusCode).toBe(200);
    const deposits = response.json().data.deposits as { id: string; amount: number; amountUsd: unknown }[];
    expect(deposits.map((d) => [d.id, d.amount, d.amountUsd])).toEqual([
      ["synced-eth", 1.25, toCents(1.25 * 2450.5)],
      ["old-usdt", 500, 500],
      ["old-dai", 20.5, 20.5],
      ["old-eth", 2, null],
    ]);
    expect(fake.requests.filter((r) => r.path === "/v5/market/kline")).toHaveLength(1);
  });
});
