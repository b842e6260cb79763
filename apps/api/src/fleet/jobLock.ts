import pg from "pg";
import type { Db } from "../db/client.js";

/** Where lock events are reported (pino's methods fit). */
export type JobLockLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export type JobLock = {
  /**
   * Runs `work` when this instance wins the job's lock, and returns true; returns false at once, without
   * running it, while another instance holds it. `work`'s signal aborts when the lock is lost (its connection
   * died): the work stops at its next safe point, since another instance may now take the job over.
   */
  runExclusive(job: string, work: (signal: AbortSignal) => Promise<void>): Promise<boolean>;
  /** Ends the lock connection (its locks are released with it). */
  close(): Promise<void>;
};

/** The advisory-lock key of a job, one namespace for this app. */
const KEY_SQL = "hashtext('fundament:job:' || $1)";

/**
 * One lock per job across every API instance on one database, so each job runs in exactly one instance at a time.
 *
 * PostgreSQL: a session-level `pg_try_advisory_lock` on one dedicated connection (not the pool's, whose
 * connections are shared), taken for a run and released after it. An instance killed while leading (kill -9, a
 * crash, a lost network) loses its session and with it the lock, so the next instance whose turn comes takes
 * the job over. PGlite serves one process (its folder is locked), so that process always leads.
 */
export function createJobLock(db: Db, log: JobLockLog): JobLock {
  const pool = db.$client;
  if (!(pool instanceof pg.Pool)) {
    return {
      async runExclusive(_job, work) {
        await work(new AbortController().signal);
        return true;
      },
      close: async () => {},
    };
  }
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  const held = new Map<string, AbortController>();
  let closed = false;

  const connection = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const { statement_timeout: _s, idle_in_transaction_session_timeout: _i, ...options } = pool.options;
      const fresh = new pg.Client({ ...options, statement_timeout: 10_000 });
      fresh.on("error", (error) => {
        log.warn(
          { error: error.message, jobs: [...held.keys()] },
          "The job-lock connection failed: its locks are lost",
        );
        if (client === fresh) client = undefined;
        for (const controller of held.values()) controller.abort(new Error("the job lock was lost"));
      });
      fresh.on("end", () => {
        if (client === fresh) client = undefined;
        for (const controller of held.values()) controller.abort(new Error("the job lock was lost"));
      });
      await fresh.connect();
      client = fresh;
      return fresh;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    async runExclusive(job, work) {
      if (closed) return false;
      const lockClient = await connection();
      const { rows } = await lockClient.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(${KEY_SQL}) AS locked`,
        [job],
      );
      if (!rows[0]?.locked) return false;
      const controller = new AbortController();
      held.set(job, controller);
      try {
        await work(controller.signal);
      } finally {
        held.delete(job);
        if (client === lockClient && !controller.signal.aborted) {
          await lockClient.query(`SELECT pg_advisory_unlock(${KEY_SQL})`, [job]).catch((error: Error) => {
            log.warn({ job, error: error.message }, "Could not release a job lock; it goes with its connection");
          });
        }
      }
      return true;
    },
    async close() {
      closed = true;
      const open = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
