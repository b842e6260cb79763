import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { exchangeTransfers } from "../db/schema.js";
import { getSyncState, JOBS, listSyncStates } from "../jobs/syncState.js";
import { DAY, type FakeBybit, type FakeBybitFailure, makeDeposits, startFakeBybit } from "../testing/fakeBybit.js";
import { type TestApp, testApp } from "../testing/testApp.js";
import { drivers, testDatabase } from "../testing/testDatabase.js";
import { createBybit } from "./createBybit.js";
import { exchangeErrorCause } from "./describeExchangeError.js";
import { ExchangeAnswerError } from "./exchangeAnswer.js";
import { runBybitSync } from "./runBybitSync.js";
import { MAX_WINDOW_MS, syncExchangeTransfers } from "./syncExchangeTransfers.js";

const END = Date.UTC(2026, 10, 1);
const START = END - 70 * DAY;
const DEPOSITS = "/v5/asset/deposit/query-record";

let fake: FakeBybit;
beforeAll(async () => {
  fake = await startFakeBybit();
});
afterAll(() => fake.stop());

/** A client for the fake, without ccxt's client-side pacing (Bybit's record routes cost 200 ms each). */
const exchange = () => {
  const client = createBybit({ apiKey: fake.apiKey, secret: fake.secret, baseUrl: fake.url, timeout: 3000 });
  client.enableRateLimit = false;
  return client;
};
const depositIds = () => new Set(fake.deposits.map((row) => row.id));

/** What each kind of bad answer looks like on the wire, as a failure of the fake for one deposit page. */
const BAD_ANSWERS: [string, (request: { query: URLSearchParams }) => FakeBybitFailure][] = [
  ["a non-JSON body with status 200", () => ({ status: 200, raw: "<html><body>Bad gateway</body></html>" })],
  ["a truncated body", () => "truncate"],
  [
    "rows under another key",
    () => ({ status: 200, body: { retCode: 0, retMsg: "OK", result: { list: [], nextPageCursor: "" } } }),
  ],
  [
    "a row without its id",
    () => ({
      status: 200,
      body: { retCode: 0, retMsg: "OK", result: { rows: [{ coin: "USDT", amount: "1", successAt: String(END) }] } },
    }),
  ],
  [
    "an amount that is not a number",
    () => ({
      status: 200,
      body: {
        retCode: 0,
        retMsg: "OK",
        result: { rows: [{ id: "x", coin: "USDT", amount: "lots", successAt: String(END) }] },
      },
    }),
  ],
  ["an empty object", () => ({ status: 200, body: {} })],
];

describe.each(drivers)("exchange answers validated before they count, on %s", (driver) => {
  let database: Database;
  const storedIds = async () =>
    new Set(
      (
        await database.db
          .select({ id: exchangeTransfers.id })
          .from(exchangeTransfers)
          .where(eq(exchangeTransfers.kind, "deposit"))
      ).map((row) => row.id),
    );

  beforeEach(async () => {
    database = await testDatabase(driver);
    fake.requests = [];
    fake.fail = undefined;
    fake.deposits = makeDeposits(200, START, END);
    fake.withdrawals = [];
  });
  afterEach(() => database.close());

  it.each(BAD_ANSWERS)(
    "%s is an error: recorded, the cursor stays, every record arrives after recovery",
    async (_, bad) => {
      const secondWindow = START + MAX_WINDOW_MS;
      // Every deposit page of the second window onwards is bad.
      fake.fail = (request) =>
        request.path === DEPOSITS && Number(request.query.get("startTime")) >= secondWindow ? bad(request) : undefined;
      await runBybitSync({ db: database.db, exchange: exchange(), startMs: START });

      const state = await getSyncState(database.db, JOBS.deposits);
      expect(state?.lastError).toMatch(/^Bybit answered with something unreadable at .+: nothing of that answer/);
      expect(state?.lastSuccessAt).toBeNull();
      expect(state?.cursor).toBe(String(secondWindow));
      const inFirst = fake.deposits.filter((row) => Number(row.successAt) <= secondWindow).map((row) => row.id);
      expect(await storedIds()).toEqual(new Set(inFirst));

      fake.fail = undefined;
      await runBybitSync({ db: database.db, exchange: exchange(), startMs: START });
      expect((await getSyncState(database.db, JOBS.deposits))?.lastError).toBeNull();
      expect(await storedIds()).toEqual(depositIds());
    },
  );

  it("throws ExchangeAnswerError for a malformed page (never 'no rows')", async () => {
    fake.fail = (request) => (request.path === DEPOSITS ? { status: 200, raw: "" } : undefined);
    await expect(
      syncExchangeTransfers({ db: database.db, exchange: exchange(), kind: "deposit", startMs: START, untilMs: END }),
    ).rejects.toBeInstanceOf(ExchangeAnswerError);
    expect(await getSyncState(database.db, JOBS.deposits)).toBeUndefined();
    expect((await database.db.select({ n: count() }).from(exchangeTransfers))[0]?.n).toBe(0);
  });

  it("reads a window with more pages than the cap in halves: every record, no silent cut", async () => {
    // 200 records in 70 days, 5 per page, at most 3 pages per window: each 30-day window must be split.
    const result = await syncExchangeTransfers({
      db: database.db,
      exchange: exchange(),
      kind: "deposit",
      startMs: START,
      untilMs: END,
      pageLimit: 5,
      maxPages: 3,
    });
    expect(await storedIds()).toEqual(depositIds());
    expect(result).toMatchObject({ windows: 3, stored: 200, cursor: END });
    const windows = new Set(
      fake.requests
        .filter((r) => r.path === DEPOSITS)
        .map((r) => `${r.query.get("startTime")}-${r.query.get("endTime")}`),
    );
    expect(windows.size).toBeGreaterThan(3);
    for (const r of fake.requests.filter((r) => r.path === DEPOSITS && r.query.get("cursor"))) {
      // no window was read past its third page
      expect(Number(Buffer.from(r.query.get("cursor") ?? "", "base64").toString())).toBeLessThan(15);
    }
  });

  it("records a window it cannot split below the cap as an error, never as success", async () => {
    const at = START + DAY;
    fake.deposits = makeDeposits(30, at, at).map((row) => ({ ...row, successAt: String(at) }));
    await expect(
      syncExchangeTransfers({
        db: database.db,
        exchange: exchange(),
        kind: "deposit",
        startMs: START,
        untilMs: END,
        pageLimit: 5,
        maxPages: 2,
      }),
    ).rejects.toThrow(/more than 2 pages of deposits/);
    expect(await getSyncState(database.db, JOBS.deposits)).toBeUndefined();
    expect((await storedIds()).size).toBe(0);
    // With room for the pages, the same window is read whole.
    await syncExchangeTransfers({
      db: database.db,
      exchange: exchange(),
      kind: "deposit",
      startMs: START,
      untilMs: END,
    });
    expect(await storedIds()).toEqual(depositIds());
  });
});

describe("an upstream that echoes the request never leaks into sync_state or data.error", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp({ CACHE_TTL_MS: "0" });
    fake.requests = [];
    fake.deposits = makeDeposits(5, START, END);
  });
  afterEach(() => t.close());

  const echo = (request: { headers: Record<string, unknown> }) =>
    `${JSON.stringify(request.headers)} key=${String(request.headers["x-bapi-api-key"])} sign=${String(request.headers["x-bapi-sign"])}`;
  const cases: [string, FakeBybit["fail"]][] = [
    [
      "an HTML error page",
      (request) => ({ status: 403, raw: `<html><body><h1>Forbidden</h1>${echo(request)}</body></html>` }),
    ],
    ["a 200 HTML page", (request) => ({ status: 200, raw: `<html><pre>${echo(request)}</pre></html>` })],
    [
      "Bybit's signature error (its origin_string echoes the key)",
      (request) => ({
        status: 200,
        body: { retCode: 10004, retMsg: `error sign! origin_string[${echo(request)}]`, result: {} },
      }),
    ],
    ["a 502 with the request in JSON", (request) => ({ status: 502, body: { retCode: 1, retMsg: echo(request) } })],
  ];

  it.each(cases)("%s", async (_, fail) => {
    fake.fail = fail;
    const logged: { job: string; message: string; cause: unknown }[] = [];
    await runBybitSync({
      db: t.database.db,
      exchange: exchange(),
      startMs: START,
      logFailure: (job, message, cause) => logged.push({ job, message, cause }),
    });
    const signatures = fake.requests.map((r) => String(r.headers["x-bapi-sign"])).filter((s) => s !== "undefined");
    expect(signatures.length).toBeGreaterThan(0);
    const secrets = [fake.apiKey, fake.secret, ...signatures];

    const states = await listSyncStates(t.database.db);
    expect(states.length).toBe(3);
    const publicTexts = [
      JSON.stringify(states),
      (await t.app.inject("/api/deposits/bybit")).body,
      (await t.app.inject("/api/withdrawals/bybit")).body,
      (await t.app.inject("/futures/performance")).body,
      (await t.app.inject("/health")).body,
    ];
    for (const state of states) expect(state.lastError).toMatch(/^Bybit [A-Za-z ]+ at \d{4}-\d\d-\d\dT[\d:.]+Z[:;( ]/);
    expect(JSON.parse(publicTexts[1] ?? "{}").data.error).toMatch(/^Bybit /);
    for (const text of publicTexts) {
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/<html|<h1|origin_string|x-bapi/i);
    }
    // The operator's log keeps the real cause, with the key and the signatures redacted at the edge (createBybit).
    expect(logged.map((entry) => entry.job).sort()).toEqual([JOBS.deposits, JOBS.equity, JOBS.withdrawals].sort());
    for (const entry of logged) {
      const cause = exchangeErrorCause(entry.cause);
      expect(cause.message.length).toBeGreaterThan(0);
      for (const secret of secrets)
        expect(`${(entry.cause as Error).message} ${JSON.stringify(cause)}`).not.toContain(secret);
    }
    if (fail !== cases[1]?.[1]) {
      // ccxt's message carries the upstream body: the log has it, its credentials redacted
      expect(logged.every((entry) => exchangeErrorCause(entry.cause).message.includes("[redacted]"))).toBe(true);
    }
  });
});
