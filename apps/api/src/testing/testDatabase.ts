import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type Database, type Db, openDatabase } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { schema } from "../db/schema.js";

export type Driver = "pglite" | "postgres";

/** The drivers the database tests run on: PGlite always, PostgreSQL when DATABASE_URL_TEST is set. */
export const drivers: Driver[] = process.env.DATABASE_URL_TEST ? ["pglite", "postgres"] : ["pglite"];

/**
 * A fresh migrated database: PGlite loaded from the migrated template of globalSetup, or a new database
 * on the PostgreSQL server of DATABASE_URL_TEST (dropped on close).
 */
export async function testDatabase(driver: Driver = "pglite"): Promise<Database> {
  if (driver === "pglite") {
    const template = readFileSync(inject("pgliteTemplate"));
    const client = await PGlite.create({ loadDataDir: new Blob([template]) });
    const db: Db = drizzlePglite(client, { schema });
    return { db, driver: "pglite", client, close: () => client.close() };
  }
  const url = process.env.DATABASE_URL_TEST;
  if (!url) throw new Error("DATABASE_URL_TEST is not set");
  const name = `api_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  await migrate(database);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
