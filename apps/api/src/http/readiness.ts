import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { MIGRATIONS_DIR } from "../db/migrate.js";

export type Readiness = { ready: boolean; database: "ok" | "failing"; migrations: "ok" | "pending" | "unknown" };

/** The `when` of the newest migration in drizzle's journal (the one the migrator records last). */
export function latestMigration(dir: string = MIGRATIONS_DIR): number {
  const journal = JSON.parse(readFileSync(join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the instance can serve: the database answers, and drizzle's migration table holds the newest
 * migration of the journal (drizzle's migrator compares the same `created_at`).
 */
export async function checkReadiness(database: Database, latest: number): Promise<Readiness> {
  try {
    await database.db.execute(sql`select 1`);
  } catch {
    return { ready: false, database: "failing", migrations: "unknown" };
  }
  try {
    const result = await database.db.execute(
      sql`select coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { last: string }[];
    const applied = Number(rows[0]?.last ?? 0) >= latest;
    return { ready: applied, database: "ok", migrations: applied ? "ok" : "pending" };
  } catch {
    return { ready: false, database: "ok", migrations: "pending" };
  }
}
