import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, expectTypeOf, it } from "vitest";
import { getSyncState, saveCursor } from "../jobs/syncState.js";
import { drivers, testDatabase } from "../testing/testDatabase.js";
import { type Db, type DbClient, type Executor, openDatabase } from "./client.js";

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

describe("one executor type for a database and a transaction", () => {
  it("is satisfied by the database and by a transaction on it (no cast)", () => {
    expectTypeOf<Db>().toExtend<Executor>();
    expectTypeOf<Transaction>().toExtend<Executor>();
    expectTypeOf<Db["$client"]>().toEqualTypeOf<DbClient>();
  });

  it("hands the driver's client over typed: PGlite's, the same as drizzle's $client", async () => {
    const database = await openDatabase();
    try {
      expect(database.driver).toBe("pglite");
      if (database.driver !== "pglite") return;
      expect(database.client).toBeInstanceOf(PGlite);
      expect(database.db.$client).toBe(database.client);
    } finally {
      await database.close();
    }
  });

  it.each(drivers)("runs a step inside the caller's transaction, rolled back with it (%s)", async (driver) => {
    const database = await testDatabase(driver);
    try {
      if (database.driver === "postgres") expect(database.db.$client).toBeInstanceOf(pg.Pool);
      const rollback = new Error("roll back");
      await expect(
        database.db.transaction(async (tx) => {
          await saveCursor(tx, "executor-test", "1");
          expect((await getSyncState(tx, "executor-test"))?.cursor).toBe("1");
          throw rollback;
        }),
      ).rejects.toBe(rollback);
      expect(await getSyncState(database.db, "executor-test")).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
