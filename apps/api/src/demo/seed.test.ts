import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { exchangeTransfers, performanceSnapshots } from "../db/schema.js";
import { drivers, testDatabase } from "../testing/testDatabase.js";
import { seedDemo, seedDemoIfEmpty } from "./seed.js";

describe.each(drivers)("demo seed on %s", (driver) => {
  let database: Database;
  beforeEach(async () => {
    database = await testDatabase(driver);
  });
  afterEach(() => database.close());

  const counts = async () => {
    const { db } = database;
    const n = async (vault: "futures" | "nft-lending") =>
      (await db.select({ n: count() }).from(performanceSnapshots).where(eq(performanceSnapshots.vault, vault)))[0]?.n;
    const transfers = (await db.select({ n: count() }).from(exchangeTransfers))[0]?.n;
    return { futures: await n("futures"), nft: await n("nft-lending"), transfers };
  };

  it("writes 180 days of futures equity, 90 days of NFT-lending values and 60 transfers, all marked demo", async () => {
    expect(await seedDemo({ db: database.db })).toEqual({ futures: 180, nft: 90, transfers: 60 });
    expect(await counts()).toEqual({ futures: 180, nft: 90, transfers: 60 });
    const sources = await database.db.selectDistinct({ source: exchangeTransfers.source }).from(exchangeTransfers);
    expect(sources).toEqual([{ source: "demo" }]);
    // Each record is stored with its amountUsd (no price request: fixed demo prices, stablecoins 1:1).
    const stored = await database.db.select({ record: exchangeTransfers.record }).from(exchangeTransfers);
    for (const { record } of stored) expect(typeof record.amountUsd, String(record.coin)).toBe("number");
    const [deposit] = await database.db
      .select()
      .from(exchangeTransfers)
      .where(eq(exchangeTransfers.kind, "deposit"))
      .limit(1);
    expect(Object.keys(deposit?.record.info as object)).toEqual(
      expect.arrayContaining([
        "depositFee",
        "successAt",
        "confirmations",
        "txIndex",
        "blockHash",
        "batchReleaseLimit",
        "depositType",
        "fromAddress",
      ]),
    );
    const [withdrawal] = await database.db
      .select()
      .from(exchangeTransfers)
      .where(eq(exchangeTransfers.kind, "withdrawal"))
      .limit(1);
    expect(Object.keys(withdrawal?.record.info as object)).toEqual(
      expect.arrayContaining(["withdrawFee", "createTime", "updateTime", "withdrawId", "withdrawType", "toAddress"]),
    );
  });

  it("is idempotent, also on a later day", async () => {
    await seedDemo({ db: database.db, now: new Date(Date.UTC(2026, 0, 1)) });
    await seedDemo({ db: database.db, now: new Date(Date.UTC(2026, 0, 1)) });
    await seedDemo({ db: database.db, now: new Date(Date.UTC(2026, 0, 9)) });
    expect(await counts()).toEqual({ futures: 180, nft: 90, transfers: 60 });
  });

  it("seeds at boot only when the tables are empty", async () => {
    expect(await seedDemoIfEmpty(database.db)).toEqual({ futures: 180, nft: 90, transfers: 60 });
    expect(await seedDemoIfEmpty(database.db)).toBeUndefined();
    expect(await counts()).toEqual({ futures: 180, nft: 90, transfers: 60 });
  });
});
