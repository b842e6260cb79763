import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockFolder } from "../fleet/folderLock.js";
import { type Schema, schema } from "./schema.js";

/**
 * What runs queries: the database, or a transaction opened on it (drizzle's `PgTransaction` extends `PgDatabase`),
 * whichever driver is underneath. A step that takes an `Executor` runs on its own or inside the caller's transaction.
 */
export type Executor = PgDatabase<PgQueryResultHKT, Schema>;

/** The driver's own client: node-postgres' pool, or PGlite. */
export type DbClient = pg.Pool | PGlite;

/** The one database type the app uses: an executor that also holds its client (drizzle's `$client`). */
export type Db = Executor & { $client: DbClient };

/** An open database: the app's `Db`, and the driver's client it runs on (typed per driver). */
export type Database = {
  db: Db;
  close(): Promise<void>;
} & ({ driver: "postgres"; pool: pg.Pool } | { driver: "pglite"; client: PGlite });

/** How long PostgreSQL work may take before it is an error instead of a hang (ms; 0 turns one off). */
export type DatabaseTimeouts = {
  /** Opening a connection (`connectionTimeoutMillis`): a database that does not answer fails fast. */
  connectMs: number;
  /** One statement on the server (`statement_timeout`). */
  statementMs: number;
  /** A transaction left open and idle (`idle_in_transaction_session_timeout`): its locks are freed. */
  idleInTransactionMs: number;
  /** One query as the client waits for it (`query_timeout`): covers a server that stopped answering. */
  queryMs: number;
};

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 30_000,
  idleInTransactionMs: 60_000,
  queryMs: 35_000,
};

/** Where pool problems are reported (pino's `warn` fits). */
export type DatabaseLog = (details: { error: string; code?: string }, message: string) => void;

export type OpenDatabaseParameters = {
  /** PostgreSQL through node-postgres when set. */
  databaseUrl?: string | undefined;
  /** PGlite's folder, or `memory://` (the default) for an in-memory database. */
  pgliteDir?: string | undefined;
  /** PostgreSQL timeouts; DEFAULT_TIMEOUTS by default. */
  timeouts?: Partial<DatabaseTimeouts>;
  /** Reports a pooled connection that failed while idle (the pool drops it and opens another on demand). */
  log?: DatabaseLog;
  /** Pool size (10 by default). */
  max?: number;
  /** The name in `pg_stat_activity` (`fundament-api:<pid>` by default). */
  applicationName?: string;
};

/** The pool settings for a URL: timeouts, and a name showing this process in `pg_stat_activity`. */
export function poolConfig(
  databaseUrl: string,
  timeouts: Partial<DatabaseTimeouts> = {},
  max = 10,
  applicationName = `fundament-api:${process.pid}`,
): pg.PoolConfig {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  return {
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    query_timeout: t.queryMs,
    keepAlive: true,
    application_name: applicationName,
  };
}

/**
 * PGlite on a folder (its real path). PGlite's file system throws plain objects (`{ name: "ErrnoError", errno }`),
 * which print as `[object Object]`: they become an Error that names the folder.
 */
async function openPglite(folder: string, real: string): Promise<PGlite> {
  try {
    return await PGlite.create(real);
  } catch (error) {
    if (error instanceof Error) throw error;
    const errno = (error as { errno?: unknown } | null)?.errno;
    throw new Error(
      `PGlite could not open the database folder ${folder}${real === folder ? "" : ` (${real})`}: ` +
        `file system error${typeof errno === "number" ? ` ${errno}` : ""}. Check that it is a readable, writable ` +
        "folder holding a PGlite database, or empty.",
    );
  }
}

const defaultLog: DatabaseLog = (details, message) => console.warn(`${message}: ${details.error}`);

/**
 * Opens PostgreSQL (`databaseUrl`) or PGlite (`pgliteDir`, in memory by default).
 *
 * PostgreSQL: a pool with connect, statement, idle-in-transaction and query timeouts, so a hung database fails
 * requests instead of hanging them; a pooled connection that dies while idle (a restart, a failover, a proxy's
 * idle timeout, `pg_terminate_backend`) is logged and replaced, never an unhandled `error` that ends the process.
 *
 * PGlite folder: symbolic links resolved, then locked for this process (`<folder>.lock`, an OS lock that a crash
 * frees; FolderLockedError when another process holds it), released on close.
 */
export async function openDatabase({
  databaseUrl,
  pgliteDir,
  timeouts,
  log = defaultLog,
  max,
  applicationName,
}: OpenDatabaseParameters = {}): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool(poolConfig(databaseUrl, timeouts, max, applicationName));
    pool.on("error", (error: Error & { code?: string }) => {
      log(
        { error: error.message, ...(error.code && { code: error.code }) },
        "A pooled database connection failed while idle; it was dropped and the pool opens a new one on demand",
      );
    });
    // A connection can also die while checked out between two queries (e.g. a transaction ended by
    // idle_in_transaction_session_timeout): its next query fails, and the pool drops it on release.
    pool.on("connect", (client) => {
      client.on("error", (error: Error & { code?: string }) => {
        log(
          { error: error.message, ...(error.code && { code: error.code }) },
          "A database connection failed while in use; its next query fails and the pool replaces it",
        );
      });
    });
    const db: Db = drizzlePg(pool, { schema });
    return { db, driver: "postgres", pool, close: () => pool.end() };
  }
  if (!pgliteDir || pgliteDir === "memory://") {
    const client = await PGlite.create();
    const db: Db = drizzlePglite(client, { schema });
    return { db, driver: "pglite", client, close: () => client.close() };
  }
  const lock = lockFolder(pgliteDir);
  try {
    const client = await openPglite(pgliteDir, lock.folder);
    const db: Db = drizzlePglite(client, { schema });
    return {
      db,
      driver: "pglite",
      client,
      async close() {
        try {
          await client.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
