import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { exchangeTransfers } from "../db/schema.js";
import { getSyncState, JOBS } from "../jobs/syncState.js";
import {
  type BybitDepositRow,
  DAY,
  type FakeBybit,
  makeDeposits,
  makeKline,
  makeWithdrawals,
  startFakeBybit,
} from "../testing/fakeBybit.js";
import { drivers, testDatabase } from "../testing/testDatabase.js";
import { toCents } from "./amountUsd.js";
import { createBybit } from "./createBybit.js";
import { createUsdPricer } from "./createUsdPricer.js";
import { describeExchangeError } from "./describeExchangeError.js";
import { runBybitSync } from "./runBybitSync.js";
import { MAX_WINDOW_MS, syncExchangeTransfers } from "./syncExchangeTransfers.js";

const END = Date.UTC(2026, 10, 1);
const START = END - 70 * DAY;

let fake: FakeBybit;
beforeAll(async () => {
  fake = await startFakeBybit();
});
afterAll(() => fake.stop());

const exchange = (secret = fake.secret) =>
  createBybit({ apiKey: fake.apiKey, secret, baseUrl: fake.url, timeout: 3000 });
const depositRequests = () => fake.requests.filter((r) => r.path === "/v5/asset/deposit/query-record");
const klineRequests = () => fake.requests.filter((r) => r.path === "/v5/market/kline");
/** A Bybit deposit row of `amount` `coin` credited at `time`. */
const deposit = (id: string, coin: string, amount: string, time: number): BybitDepositRow => ({
  ...(makeDeposits(1, time, time)[0] as BybitDepositRow),
  id,
  coin,
  amount,
  successAt: String(time),
});
/** A minute boundary 10 days before END, inside the synced range. */
const MINUTE = END - 10 * DAY;

describe.each(drivers)("exchange sync on %s", (driver) => {
  let database: Database;
  const stored = async (kind: "deposit" | "withdrawal" = "deposit") =>
    (await database.db.select({ n: count() }).from(exchangeTransfers).where(eq(exchangeTransfers.kind, kind)))[0]?.n;

  beforeEach(async () => {
    database = await testDatabase(driver);
    fake.requests = [];
    fake.fail = undefined;
    fake.klines = {};
    fake.deposits = makeDeposits(130, START, END);
    fake.withdrawals = makeWithdrawals(12, START, END);
  });
  afterEach(() => database.close());

  it("reads a 70-day range in windows of at most 30 days, following the page cursor", async () => {
    const result = await syncExchangeTransfers({
      db: database.db,
      exchange: exchange(),
      kind: "deposit",
      startMs: START,
      untilMs: END,
    });
    expect(result).toMatchObject({ windows: 3, stored: 130, cursor: END });
    expect(await stored()).toBe(130);
    const requests = depositRequests();
    const windows = new Set(requests.map((r) => `${r.query.get("startTime")}-${r.query.get("endTime")}`));
    expect(windows.size).toBe(3);
    for (const r of requests) {
      expect(Number(r.query.get("endTime")) - Number(r.query.get("startTime"))).toBeLessThanOrEqual(MAX_WINDOW_MS);
    }
    // 130 rows over 70 days → ~56 in a 30-day window: more than a page of 50, so a cursor was followed.
    expect(requests.some((r) => r.query.get("cursor"))).toBe(true);
    expect(requests.length).toBeGreaterThan(3);
    expect((await getSyncState(database.db, JOBS.deposits))?.cursor).toBe(String(END));
  });

  it("stores the unified record with Bybit's own fields in info", async () => {
    await syncExchangeTransfers({
      db: database.db,
      exchange: exchange(),
      kind: "withdrawal",
      startMs: START,
      untilMs: END,
    });
    const [row] = await database.db.select().from(exchangeTransfers).where(eq(exchangeTransfers.id, "wd-3"));
    expect(row?.record).toMatchObject({
      id: "wd-3",
      type: "withdrawal",
      coin: "USDC",
      chain: "ARBI",
      currency: "USDC",
      amount: 53,
      status: "ok",
      addressTo: "0xcold",
      fee: { currency: "USDC", cost: 0.5 },
      info: { withdrawId: "wd-3", withdrawFee: "0.5", withdrawType: 0, toAddress: "0xcold" },
    });
    expect(Object.keys(row?.record ?? {})).toEqual(
      expect.arrayContaining([
        "txID",
        "txid",
        "timestamp",
        "datetime",
        "network",
        "address",
        "addressFrom",
        "tag",
        "tagTo",
        "tagFrom",
      ]),
    );
    expect(row?.record.info).not.toHaveProperty("nextPageCursor");
  });

  it("is idempotent: a second run over the same range stores no duplicates", async () => {
    const params = { db: database.db, kind: "deposit" as const, startMs: START, untilMs: END };
    await syncExchangeTransfers({ ...params, exchange: exchange() });
    await syncExchangeTransfers({ ...params, exchange: exchange(), overlapMs: 70 * DAY });
    expect(await stored()).toBe(130);
  });

  it("resumes from the stored cursor", async () => {
    await syncExchangeTransfers({
      db: database.db,
      exchange: exchange(),
      kind: "deposit",
      startMs: START,
      untilMs: END,
    });
    fake.requests = [];
    fake.deposits.push(...makeDeposits(1, END, END + DAY).map((r) => ({ ...r, id: "dep-late" })));
    const result = await syncExchangeTransfers({
      db: database.db,
      exchange: exchange(),
      kind: "deposit",
      startMs: START,
      untilMs: END + 2 * DAY,
      overlapMs: DAY,
    });
    expect(result.windows).toBe(1);
    expect(Number(depositRequests()[0]?.query.get("startTime"))).toBe(END - DAY);
    expect(await stored()).toBe(131);
  });

  it("keeps the windows stored before a crash, and a rerun completes with no duplicates", async () => {
    let windowsSeen = 0;
    let lastWindow = "";
    fake.fail = (request) => {
      if (request.path !== "/v5/asset/deposit/query-record") return undefined;
      const window = `${request.query.get("startTime")}`;
      if (window !== lastWindow) {
        lastWindow = window;
        windowsSeen++;
      }
      return windowsSeen === 2 ? { status: 503, body: { retCode: 10_006, retMsg: "Service unavailable" } } : undefined;
    };
    const params = { db: database.db, kind: "deposit" as const, startMs: START, untilMs: END };
    await expect(syncExchangeTransfers({ ...params, exchange: exchange() })).rejects.toThrow();
    const firstWindowEnd = START + MAX_WINDOW_MS;
    expect((await getSyncState(database.db, JOBS.deposits))?.cursor).toBe(String(firstWindowEnd));
    const inFirst = fake.deposits.filter((r) => Number(r.successAt) <= firstWindowEnd).length;
    expect(await stored()).toBe(inFirst);

    fake.fail = undefined;
    await syncExchangeTransfers({ ...params, exchange: exchange() });
    expect(await stored()).toBe(130);
  });

  it("stores amountUsd: a stablecoin at its amount, another coin at the close of its minute's USDT candle", async () => {
    fake.deposits = [
      deposit("usdt", "USDT", "250.5", MINUTE + 5_000),
      deposit("usdc", "USDC", "1000", MINUTE + 6_000),
      deposit("usde", "USDE", "42.25", MINUTE + 7_000),
      deposit("eth-a", "ETH", "1.5", MINUTE + 12_345),
      deposit("eth-b", "ETH", "0.25", MINUTE + 59_999),
      deposit("eth-c", "ETH", "2", MINUTE + 60_000),
      deposit("btc", "BTC", "0.1", MINUTE + 30_000),
      deposit("btc-later", "BTC", "0.2", MINUTE + 5 * DAY),
    ];
    // The neighbouring minutes close at other prices: only the candle containing the transfer may be used.
    fake.klines = {
      ETHUSDT: [
        makeKline(MINUTE - 60_000, "2990.1"),
        makeKline(MINUTE, "3012.34"),
        makeKline(MINUTE + 60_000, "3020.5"),
        makeKline(MINUTE + 120_000, "3100"),
      ],
      BTCUSDT: [
        makeKline(MINUTE, "65000.5"),
        makeKline(MINUTE + 60_000, "65100"),
        makeKline(MINUTE + 5 * DAY, "70000"),
      ],
    };
    const params = { db: database.db, kind: "deposit" as const, startMs: START, untilMs: END };
    await syncExchangeTransfers({ ...params, exchange: exchange() });

    const rows = await database.db.select().from(exchangeTransfers);
    const usd = Object.fromEntries(rows.map((row) => [row.id, row.record.amountUsd]));
    // Priced to the cent.
    expect(usd).toEqual({
      usdt: 250.5,
      usdc: 1000,
      usde: 42.25,
      "eth-a": toCents(1.5 * 3012.34),
      "eth-b": toCents(0.25 * 3012.34),
      "eth-c": toCents(2 * 3020.5),
      btc: toCents(0.1 * 65000.5),
      "btc-later": toCents(0.2 * 70000),
    });
    // One request per distinct coin-minute (ETH ×2, BTC ×2), none for the stablecoins, on the public spot route.
    const requests = klineRequests();
    expect(requests.map((r) => `${r.query.get("symbol")}@${r.query.get("start")}`).sort()).toEqual(
      [`BTCUSDT@${MINUTE}`, `BTCUSDT@${MINUTE + 5 * DAY}`, `ETHUSDT@${MINUTE}`, `ETHUSDT@${MINUTE + 60_000}`].sort(),
    );
    for (const r of requests) {
      expect(Object.fromEntries(r.query)).toMatchObject({ category: "spot", interval: "1", limit: "1" });
    }

    // A rerun re-reads the same records and keeps their stored prices: no new price request.
    fake.requests = [];
    await syncExchangeTransfers({ ...params, exchange: exchange(), overlapMs: 70 * DAY });
    expect(depositRequests().length).toBeGreaterThan(0);
    expect(klineRequests()).toHaveLength(0);
    const again = await database.db.select().from(exchangeTransfers);
    expect(Object.fromEntries(again.map((row) => [row.id, row.record.amountUsd]))).toEqual(usd);
  });

  it("stores a transfer it cannot price with amountUsd null, moves the cursor, and prices it on a later run", async () => {
    fake.deposits = [
      deposit("eth", "ETH", "3", MINUTE + 1_000), // the kline request fails
      deposit("xyz", "XYZ", "10", MINUTE + 2_000), // Bybit lists no XYZUSDT
      deposit("sol", "SOL", "4", MINUTE + 3_000), // SOLUSDT has no candle at all
      deposit("btc", "BTC", "0.5", MINUTE + 4_000), // BTCUSDT's first candle is a later minute's
      deposit("usdt", "USDT", "99", MINUTE + 5_000),
    ];
    fake.klines = { SOLUSDT: [], BTCUSDT: [makeKline(MINUTE + 3 * 60_000, "66000")] };
    fake.fail = (request) =>
      request.path === "/v5/market/kline" && request.query.get("symbol") === "ETHUSDT"
        ? { status: 503, body: { retCode: 10_006, retMsg: "Service unavailable" } }
        : undefined;
    const warnings: string[] = [];
    const quiet: string[] = [];
    const ex = exchange();
    const result = await syncExchangeTransfers({
      db: database.db,
      exchange: ex,
      kind: "deposit",
      startMs: START,
      untilMs: END,
      pricer: createUsdPricer({ exchange: ex, log: (l) => warnings.push(l), debug: (l) => quiet.push(l) }),
    });
    expect(result).toMatchObject({ stored: 5, cursor: END });
    expect((await getSyncState(database.db, JOBS.deposits))?.cursor).toBe(String(END));
    const rows = await database.db.select().from(exchangeTransfers);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.record.amountUsd]))).toEqual({
      eth: null,
      xyz: null,
      sol: null,
      btc: null,
      usdt: 99,
    });
    expect(rows.find((row) => row.id === "eth")?.record).toMatchObject({ coin: "ETH", amount: 3, status: "ok" });
    expect(klineRequests().map((r) => r.query.get("symbol"))).toEqual(
      expect.arrayContaining(["ETHUSDT", "XYZUSDT", "SOLUSDT", "BTCUSDT"]),
    );
    expect(warnings).toEqual([expect.stringMatching(/^No USD price for ETH at .*Service unavailable/)]);
    expect(quiet).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^No USD price for XYZ at .*: retCode 10001;.*Cause: .*Not supported symbols/),
        expect.stringMatching(/^No USD price for SOL: /),
        expect.stringMatching(/^No USD price for BTC: /),
      ]),
    );

    // Once the price can be had, the re-read (the overlap before the cursor) fills in the stored null.
    fake.fail = undefined;
    fake.klines.ETHUSDT = [makeKline(MINUTE, "3050")];
    await syncExchangeTransfers({
      db: database.db,
      exchange: exchange(),
      kind: "deposit",
      startMs: START,
      untilMs: END,
      overlapMs: 70 * DAY,
    });
    const [eth] = await database.db.select().from(exchangeTransfers).where(eq(exchangeTransfers.id, "eth"));
    expect(eth?.record.amountUsd).toBe(3 * 3050);
  });

  it("shares one price cache between the deposit and withdrawal jobs of a run", async () => {
    const now = Date.now();
    const minute = Math.floor((now - 2 * DAY) / 60_000) * 60_000;
    fake.deposits = [deposit("eth-in", "ETH", "1", minute + 10_000)];
    fake.withdrawals = [
      { ...(makeWithdrawals(1, minute, minute)[0] as (typeof fake.withdrawals)[number]), coin: "ETH", amount: "2" },
    ];
    fake.klines = { ETHUSDT: [makeKline(minute, "2500")] };
    await runBybitSync({ db: database.db, exchange: exchange(), startMs: now - 3 * DAY });
    const rows = await database.db.select().from(exchangeTransfers);
    expect(rows.map((row) => [row.kind, row.record.amountUsd]).sort()).toEqual([
      ["deposit", 2500],
      ["withdrawal", 5000],
    ]);
    expect(klineRequests()).toHaveLength(1);
  });

  it("records exchange failures in plain words and carries on with the other jobs", async () => {
    await runBybitSync({ db: database.db, exchange: exchange("wrong-secret"), startMs: END - DAY });
    const deposits = await getSyncState(database.db, JOBS.deposits);
    expect(deposits?.lastError).toMatch(/^Bybit refused the API keys at .+: check BYBIT_API_KEY.*\(retCode 10004\)\.$/);
    expect(deposits?.lastError).not.toMatch(/error sign|origin_string/);
    expect(deposits?.cursor).toBeNull();
    expect((await getSyncState(database.db, JOBS.equity))?.lastError).toMatch(/retCode 10004/);

    fake.totalEquity = "250123.45";
    await runBybitSync({ db: database.db, exchange: exchange(), startMs: END - DAY });
    expect((await getSyncState(database.db, JOBS.deposits))?.lastError).toBeNull();
    expect((await getSyncState(database.db, JOBS.equity))?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it("records missing keys for every job", async () => {
    await runBybitSync({ db: database.db, exchange: undefined, startMs: START });
    for (const job of [JOBS.deposits, JOBS.withdrawals, JOBS.equity]) {
      expect((await getSyncState(database.db, job))?.lastError).toBe("Bybit API keys are not configured");
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe("describeExchangeError", () => {
  it("says an unreachable exchange in plain words, without the URL or a stack", async () => {
    const down = createBybit({ apiKey: "k", secret: "s", baseUrl: "http://127.0.0.1:9", timeout: 2000 });
    const error = await down.fetchDeposits(undefined, END - DAY, 50, { until: END }).catch((e: unknown) => e);
    const message = describeExchangeError(error, new Date(END));
    expect(message).toMatch(/^Bybit was unreachable at 2026-11-01T00:00:00.000Z: /);
    expect(message).not.toMatch(/https?:|query-record|\n|at .*\.js/);
  });
});
