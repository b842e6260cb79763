import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { type DataSource, performanceSnapshots } from "../db/schema.js";
import { drivers, testDatabase } from "../testing/testDatabase.js";
import { buildFuturesPerformance, buildNftLendingPerformance, lastPerDay, type Snapshot } from "./buildPerformance.js";
import { futuresPerformanceJson, nftLendingPerformanceJson } from "./performanceJson.js";
import { readDailySnapshots, readSnapshots } from "./readSnapshots.js";

const MINUTE = 60_000;
const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 30, 20, 0, 0);

/** Snapshots every `stepMinutes` from `start` for `count` steps, with values that differ at every point. */
function series(start: number, count: number, stepMinutes: number, base: number): Snapshot[] {
  return Array.from({ length: count }, (_, i) => ({
    takenAt: new Date(start + i * stepMinutes * MINUTE + (i % 7) * 123),
    value: base + i * 1.37 + (i % 5) * 0.001,
  }));
}

async function store(
  database: Database,
  vault: "futures" | "nft-lending",
  source: DataSource,
  snapshots: readonly Snapshot[],
) {
  for (let i = 0; i < snapshots.length; i += 1000)
    await database.db
      .insert(performanceSnapshots)
      .values(snapshots.slice(i, i + 1000).map((s) => ({ vault, source, takenAt: s.takenAt, value: s.value })));
}

const noKeys = { bybit: { credentials: undefined } } as const;
const keys = { bybit: { credentials: { apiKey: "k", secret: "s" } } } as const;

describe.each(drivers)("per-day reduction in SQL (%s)", (driver) => {
  let database: Database;
  // Seven-minute steps for 20 days: ~205 snapshots a day, each UTC midnight crossed between two of them,
  // milliseconds that differ; a day with a single snapshot at 23:59:59.999 and a gap of three empty days.
  const bybit = [
    ...series(START, 20 * 24 * (60 / 7), 7, 250_000),
    { takenAt: new Date(Date.UTC(2026, 1, 23, 23, 59, 59, 999)), value: 1 },
    { takenAt: new Date(Date.UTC(2026, 1, 24, 0, 0, 0, 0)), value: 2 },
    { takenAt: new Date(Date.UTC(2026, 1, 28, 12, 0, 0, 0)), value: 3 },
  ];
  // The less preferred source: more days, other values; it must not leak into the bybit answer.
  const demo = series(START - 10 * DAY, 40 * 24, 60, 100);

  beforeAll(async () => {
    database = await testDatabase(driver);
    // A session time zone far from UTC: the day boundaries must still be UTC's.
    await database.db.execute(sql`SET TIME ZONE 'Pacific/Kiritimati'`);
    await store(database, "futures", "bybit", bybit);
    await store(database, "futures", "demo", demo);
    await store(database, "nft-lending", "import", series(START, 500, 5, 1200));
    await store(database, "nft-lending", "demo", series(START, 50, 60, 1));
  });
  afterAll(() => database.close());

  it("gives the last snapshot of each UTC day of the preferred source, as the per-snapshot reduction does", async () => {
    const read = await readDailySnapshots(database.db, "futures");
    expect(read.source).toBe("bybit");
    const expected = lastPerDay([...bybit].sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime()));
    expect(expected.length).toBeGreaterThan(20);
    expect(read.snapshots).toEqual(expected);
    // Across midnight: 23:59:59.999 and 00:00:00.000 fall on two days.
    const times = read.snapshots.map((s) => s.takenAt.toISOString());
    expect(times).toContain("2026-02-23T23:59:59.999Z");
    expect(times).toContain("2026-02-24T00:00:00.000Z");
  });

  it("answers the same futures body, byte for byte, as building from every snapshot", async () => {
    const everything = [...bybit].sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
    expect(await futuresPerformanceJson(database.db, noKeys)).toBe(
      JSON.stringify(buildFuturesPerformance(everything, "unused", "bybit")),
    );
  });

  it("falls back to the next source, and serves every NFT-lending point of the preferred one", async () => {
    const nft = await readSnapshots(database.db, "nft-lending");
    expect(nft.source).toBe("import");
    expect(nft.snapshots).toEqual(series(START, 500, 5, 1200));
    expect(await nftLendingPerformanceJson(database.db)).toBe(
      JSON.stringify(buildNftLendingPerformance(series(START, 500, 5, 1200), "unused", "import")),
    );
    await database.db.execute(sql`DELETE FROM performance_snapshots WHERE source = 'bybit'`);
    const futures = await readDailySnapshots(database.db, "futures");
    expect(futures.source).toBe("demo");
    expect(futures.snapshots).toEqual(lastPerDay(demo));
  });

  /** The rollup against the reduction of every stored snapshot of the source, in JavaScript. */
  async function expectRollupRight(vault: "futures" | "nft-lending", source: DataSource) {
    const everything = await database.db
      .select({ takenAt: performanceSnapshots.takenAt, value: performanceSnapshots.value })
      .from(performanceSnapshots)
      .where(and(eq(performanceSnapshots.vault, vault), eq(performanceSnapshots.source, source)))
      .orderBy(asc(performanceSnapshots.takenAt));
    const read = await readDailySnapshots(database.db, vault);
    expect(read.source).toBe(source);
    expect(read.snapshots).toEqual(lastPerDay(everything));
  }

  it("keeps the per-day rollup right through updates, upserts, deletes and moves across midnight", async () => {
    await database.db.execute(sql`DELETE FROM performance_snapshots WHERE vault = 'futures'`);
    expect(await readDailySnapshots(database.db, "futures")).toEqual({ source: undefined, snapshots: [] });
    await store(database, "futures", "import", series(START, 6 * 24 * 12, 5, 500));
    await expectRollupRight("futures", "import");
    const t = performanceSnapshots;
    const at = (iso: string) => new Date(iso);
    // The value of a day's last snapshot changes (an upsert, as the admin import does it).
    await database.db
      .insert(t)
      .values({ vault: "futures", source: "import", takenAt: at("2026-01-31T23:55:00.000Z"), value: 42 })
      .onConflictDoUpdate({ target: [t.vault, t.source, t.takenAt], set: { value: 42 } });
    await expectRollupRight("futures", "import");
    // The last snapshot of a day goes: the one before it counts.
    await database.db.delete(t).where(and(eq(t.source, "import"), eq(t.takenAt, at("2026-02-01T23:55:00.000Z"))));
    await expectRollupRight("futures", "import");
    // A snapshot moves past midnight, into the next day, and a later one into an earlier day.
    await database.db
      .update(t)
      .set({ takenAt: at("2026-02-03T00:00:00.500Z") })
      .where(and(eq(t.source, "import"), eq(t.takenAt, at("2026-02-02T23:50:00.000Z"))));
    await database.db
      .update(t)
      .set({ takenAt: at("2026-02-02T12:00:00.250Z"), value: 7 })
      .where(and(eq(t.source, "import"), eq(t.takenAt, at("2026-02-03T12:00:00.000Z"))));
    await expectRollupRight("futures", "import");
    // Every snapshot of a day goes: so does the day.
    await database.db.execute(
      sql`DELETE FROM performance_snapshots WHERE source = 'import' AND taken_at >= '2026-02-01T00:00:00Z' AND taken_at < '2026-02-02T00:00:00Z'`,
    );
    await expectRollupRight("futures", "import");
    expect(
      (await readDailySnapshots(database.db, "futures")).snapshots.map((s) => s.takenAt.toISOString().slice(0, 10)),
    ).not.toContain("2026-02-01");
    // Bulk update of every value.
    await database.db.execute(sql`UPDATE performance_snapshots SET value = value * 2 WHERE source = 'import'`);
    await expectRollupRight("futures", "import");
    await database.db.execute(sql`TRUNCATE performance_snapshots`);
    expect(await readDailySnapshots(database.db, "futures")).toEqual({ source: undefined, snapshots: [] });
  });

  it("answers no records and the error when the vault has none", async () => {
    await database.db.execute(sql`DELETE FROM performance_snapshots`);
    expect(await readDailySnapshots(database.db, "futures")).toEqual({ source: undefined, snapshots: [] });
    expect(JSON.parse(await futuresPerformanceJson(database.db, noKeys))).toEqual({
      initial_tvl_usd: 0,
      current_tvl_usd: 0,
      performance_records: [],
      error: "Bybit API keys are not configured",
      source: "none",
    });
    expect(JSON.parse(await futuresPerformanceJson(database.db, keys))).toMatchObject({
      error: "No futures performance has been recorded yet",
      source: "bybit",
    });
  });
});
