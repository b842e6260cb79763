import pg from "pg";
import type { Db } from "../db/client.js";

/**
 * Runs `work` while holding PostgreSQL's advisory lock `name` (waiting for it), so instances starting together
 * do one at a time (e.g. migrations: the second finds them applied). On PGlite (one process) it just runs.
 */
export async function withAdvisoryLock<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  const pool = db.$client;
  if (!(pool instanceof pg.Pool)) return work();
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('fundament:' || $1))", [name]);
    try {
      return await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('fundament:' || $1))", [name]);
    }
  } finally {
    client.release();
  }
}
