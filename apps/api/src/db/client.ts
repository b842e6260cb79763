import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { type Schema, schema } from "./schema.js";

/** The one database type the app uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
};

export type OpenDatabaseParameters = {
  /** PostgreSQL through node-postgres when set. */
  databaseUrl?: string | undefined;
  /** PGlite's folder, or `memory://` (the default) for an in-memory database. */
  pgliteDir?: string | undefined;
};

/** Opens PostgreSQL (`databaseUrl`) or PGlite (`pgliteDir`, in memory by default). */
export async function openDatabase({ databaseUrl, pgliteDir }: OpenDatabaseParameters = {}): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, driver: "postgres", close: () => pool.end() };
  }
  const client = await PGlite.create(pgliteDir && pgliteDir !== "memory://" ? pgliteDir : undefined);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, driver: "pglite", close: () => client.close() };
}
