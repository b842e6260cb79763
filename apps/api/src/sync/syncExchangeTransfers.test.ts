import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { exchangeTransfers } from "../db/schema.js";
import { DAY, type FakeBybit, makeDeposits, makeWithdrawals, startFakeBybit } from "../testing/fakeBybit.js";
import { drivers, testDatabase } from "../testing/testDatabase.js";
import { createBybit } from "./createBybit.js";
import { describeExchangeError } from "./describeExchangeError.js";
import { runBybitSync } from "./runBybitSync.js";
import { MAX_WINDOW_MS, syncExchangeTransfers } from "./syncExchangeTransfers.js";
import { getSyncState, JOBS } from "./syncState.js";

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

describe.each(drivers)("exchange sync on %s", (driver) => {
  let database: Database;
  const stored = async (kind: "deposit" | "withdrawal" = "deposit") =>
    (await database.db.select({ n: count() }).from(exchangeTransfers).where(eq(exchangeTransfers.kind, kind)))[0]?.n;

  beforeEach(async () => {
    database = await testDatabase(driver);
    fake.requests = [];
    fake.fail = undefined;
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

  it("records exchange failures in plain words and carries on with the other jobs", async () => {
    await runBybitSync({ db: database.db, exchange: exchange("wrong-secret"), startMs: END - DAY });
    const deposits = await getSyncState(database.db, JOBS.deposits);
    expect(deposits?.lastError).toMatch(/^Bybit refused the API keys at .+: error sign! .*\(retCode 10004\)$/);
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
