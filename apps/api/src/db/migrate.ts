import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { withAdvisoryLock } from "../fleet/withAdvisoryLock.js";
import type { Database } from "./client.js";

/** `apps/api/drizzle/`: the versioned SQL migrations written by drizzle-kit. */
export const MIGRATIONS_DIR: string = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "drizzle");

/** Applies every pending migration with drizzle's migrator for the database's driver (on the database's own client). */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.driver === "postgres") {
    const { pool } = database;
    // Instances starting together on one database migrate one at a time.
    await withAdvisoryLock(database.db, "migrate", () => migratePg(drizzlePg(pool), config));
  } else await migratePglite(drizzlePglite(database.client), config);
}
