import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { exchangeTransfers } from "../db/schema.js";
import { getSyncState, JOBS } from "../jobs/syncState.js";
import {
  type BybitDepositRow,
  DAY,
  emptyPage,
  type FakeBybit,
  type FakeBybitRequest,
  httpFailure,
  makeDeposits,
  makeWithdrawals,
  startFakeBybit,
} from "../testing/fakeBybit.js";
import { drivers, testDatabase } from "../testing/testDatabase.js";
import { createBybit } from "./createBybit.js";
import { rescanExchangeTransfers } from "./rescanExchangeTransfers.js";
import { DEFAULT_OVERLAP_MS, runBybitSync } from "./runBybitSync.js";
import { syncExchangeTransfers } from "./syncExchangeTransfers.js";

/** Every run of these tests ends here (runBybitSync's `untilMs`), so the windows and request counts are fixed. */
const NOW = Date.UTC(2026, 10, 1);
const START = NOW - 100 * DAY;
/** The newest point the re-scan covers: older than what each run's forward sync re-reads anyway. */
const TOP = NOW - DEFAULT_OVERLAP_MS;
const DEPOSITS = "/v5/asset/deposit/query-record";
const WITHDRAWALS = "/v5/asset/withdraw/query-record";

let fake: FakeBybit;
beforeAll(async () => {
  fake = await startFakeBybit();
});
afterAll(() => fake.stop());

/** A client for the fake without ccxt's client-side pacing (the record routes would cost 200 ms each). */
const exchange = () => {
  const client = createBybit({ apiKey: fake.apiKey, secret: fake.secret, baseUrl: fake.url, timeout: 3000 });
  client.enableRateLimit = false;
  return client;
};
const windowOf = (r: FakeBybitRequest) => [Number(r.query.get("startTime")), Number(r.query.get("endTime"))];
/** The deposit windows a set of requests asked for, as [start, end] in days before NOW. */
const depositWindows = (requests: readonly FakeBybitRequest[]) =>
  requests.filter((r) => r.path === DEPOSITS).map((r) => windowOf(r).map((ms) => (NOW - ms) / DAY));

describe.each(drivers)("gaps heal: older windows are re-read, a bounded number per run, on %s", (driver) => {
  let database: Database;
  const storedDepositIds = async () =>
    new Set(
      (
        await database.db
          .select({ id: exchangeTransfers.id })
          .from(exchangeTransfers)
          .where(eq(exchangeTransfers.kind, "deposit"))
      ).map((row) => row.id),
    );
  /** One scheduled run of every Bybit job, ending at NOW; the requests the fake saw during it. */
  const run = async () => {
    const before = fake.requests.length;
    await runBybitSync({ db: database.db, exchange: exchange(), startMs: START, untilMs: NOW });
    return fake.requests.slice(before);
  };

  beforeEach(async () => {
    database = await testDatabase(driver);
    fake.requests = [];
    fake.fail = undefined;
    fake.klines = {};
    // At most 50 records in any 30-day window: one page per window, so requests count windows.
    fake.deposits = makeDeposits(40, START, NOW - DAY);
    fake.withdrawals = makeWithdrawals(8, START, NOW - DAY);
  });
  afterEach(() => database.close());

  it("a window the exchange answered empty is filled in by a later run, at 5 requests per run", async () => {
    // The backfill reads [NOW-100d, NOW-70d], [NOW-70d, NOW-40d], … The exchange's replica is behind for the second
    // window: a well-formed, empty page. Records credited late land in it too, 50 days back (far past the overlap).
    const emptyWindow = NOW - 70 * DAY;
    fake.fail = (r) =>
      r.path === DEPOSITS && Number(r.query.get("startTime")) === emptyWindow ? emptyPage() : undefined;
    await run();
    expect((await getSyncState(database.db, JOBS.deposits))?.cursor).toBe(String(NOW));
    const missing = fake.deposits.filter(
      (d) => Number(d.successAt) >= emptyWindow && Number(d.successAt) <= NOW - 40 * DAY,
    );
    expect(missing.length).toBeGreaterThan(5);
    expect(await storedDepositIds()).toEqual(
      new Set(fake.deposits.filter((d) => !missing.includes(d)).map((d) => d.id)),
    );

    // The replica catches up, and three more deposits show up in that window.
    fake.fail = undefined;
    const late: BybitDepositRow[] = makeDeposits(3, NOW - 51 * DAY, NOW - 50 * DAY).map((d, i) => ({
      ...d,
      id: `late-${i}`,
    }));
    fake.deposits.push(...late);

    const perRun: { deposits: number[][]; total: number; stored: number }[] = [];
    const everyId = new Set(fake.deposits.map((d) => d.id));
    for (let i = 0; i < 6 && (await storedDepositIds()).size < everyId.size; i++) {
      const requests = await run();
      perRun.push({
        deposits: depositWindows(requests),
        total: requests.length,
        stored: (await storedDepositIds()).size,
      });
    }
    console.log(`gap healing: per run ${JSON.stringify(perRun)}`);
    expect(await storedDepositIds()).toEqual(everyId);
    // The re-scan walks back from TOP a window per run: [33d, 3d] (the first run), [63d, 33d] (the late records and
    // most of the empty window), [93d, 63d] (the rest of it).
    expect(perRun.map((r) => r.deposits)).toEqual([
      [
        [3, 0],
        [63, 33],
      ],
      [
        [3, 0],
        [93, 63],
      ],
    ]);
    // Each run: the forward window of deposits and of withdrawals, the equity, and one re-scan window per kind.
    for (const r of perRun) expect(r.total).toBe(5);
  });

  it("walks the history from the newest window to the oldest, then starts again; its position survives a restart", async () => {
    await syncExchangeTransfers({
      db: database.db,
      exchange: exchange(),
      kind: "deposit",
      startMs: START,
      untilMs: NOW,
    });
    const params = { db: database.db, kind: "deposit" as const, startMs: START, overlapMs: DEFAULT_OVERLAP_MS };
    const seen: number[][][] = [];
    const positions: (string | null | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      fake.requests = [];
      // A new client each time, as after a restart or on another instance: the position is in sync_state.
      const result = await rescanExchangeTransfers({ ...params, exchange: exchange() });
      expect(result.windows).toBe(1);
      seen.push(depositWindows(fake.requests));
      positions.push((await getSyncState(database.db, JOBS.depositsRescan))?.cursor);
    }
    expect(seen).toEqual([[[33, 3]], [[63, 33]], [[93, 63]], [[100, 93]], [[33, 3]]]);
    expect(positions).toEqual(
      [TOP - 30 * DAY, TOP - 60 * DAY, TOP - 90 * DAY, TOP, TOP - 30 * DAY].map((ms) => String(ms)),
    );

    // Two windows a run: twice the reach, twice the requests; a pass's end is where the run stops.
    fake.requests = [];
    expect((await rescanExchangeTransfers({ ...params, exchange: exchange(), windowsPerRun: 2 })).windows).toBe(2);
    expect(depositWindows(fake.requests)).toEqual([
      [63, 33],
      [93, 63],
    ]);
    fake.requests = [];
    expect((await rescanExchangeTransfers({ ...params, exchange: exchange(), windowsPerRun: 2 })).windows).toBe(1);
    expect(depositWindows(fake.requests)).toEqual([[100, 93]]);
    expect(await storedDepositIds()).toEqual(new Set(fake.deposits.map((d) => d.id)));
  });

  it("does not re-scan a kind whose forward sync failed in this run, and records the re-scan's own failure", async () => {
    await run();
    // Deposits refused (429): no deposit re-scan this run (no requests into a failing exchange); withdrawals go on.
    fake.fail = (r) => (r.path === DEPOSITS ? httpFailure(429) : undefined);
    const requests = await run();
    expect(requests.filter((r) => r.path === DEPOSITS)).toHaveLength(1);
    expect(requests.filter((r) => r.path === WITHDRAWALS)).toHaveLength(2);
    expect((await getSyncState(database.db, JOBS.deposits))?.lastError).toMatch(/too many requests \(HTTP 429/);
    expect((await getSyncState(database.db, JOBS.withdrawalsRescan))?.lastError).toBeNull();

    // Only the re-scan's window fails: the forward sync succeeds, the re-scan records its error.
    fake.fail = (r) =>
      r.path === WITHDRAWALS && Number(r.query.get("endTime")) < TOP - DAY ? httpFailure(500) : undefined;
    await run();
    expect((await getSyncState(database.db, JOBS.withdrawals))?.lastError).toBeNull();
    expect((await getSyncState(database.db, JOBS.withdrawalsRescan))?.lastError).toMatch(
      /^Bybit answered with an error at [^ ]+: HTTP 500 Internal Server Error;/,
    );
  });

  it("costs nothing with rescanWindows 0, as before", async () => {
    await runBybitSync({ db: database.db, exchange: exchange(), startMs: START, untilMs: NOW, rescanWindows: 0 });
    fake.requests = [];
    await runBybitSync({ db: database.db, exchange: exchange(), startMs: START, untilMs: NOW, rescanWindows: 0 });
    expect(fake.requests).toHaveLength(3);
  });
});
