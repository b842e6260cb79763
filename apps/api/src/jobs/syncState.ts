import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { syncState } from "../db/schema.js";

export type SyncStateRow = typeof syncState.$inferSelect;

/** Job names, as stored in `sync_state.job`. */
export const JOBS = {
  deposits: "bybit:deposits",
  withdrawals: "bybit:withdrawals",
  /** The rolling re-read of older deposit windows (rescanExchangeTransfers); its cursor is the re-scan's position. */
  depositsRescan: "bybit:deposits:rescan",
  withdrawalsRescan: "bybit:withdrawals:rescan",
  equity: "bybit:equity",
  history: (chainId: number) => `chain:${chainId}:token-transfers`,
} as const;

/** The jobs of one kind of transfer: the forward sync and the re-scan of older windows. */
export function transferJobs(kind: "deposit" | "withdrawal"): { sync: string; rescan: string } {
  return kind === "deposit"
    ? { sync: JOBS.deposits, rescan: JOBS.depositsRescan }
    : { sync: JOBS.withdrawals, rescan: JOBS.withdrawalsRescan };
}

export async function getSyncState(db: Executor, job: string): Promise<SyncStateRow | undefined> {
  const [row] = await db.select().from(syncState).where(eq(syncState.job, job));
  return row;
}

export async function listSyncStates(db: Executor): Promise<SyncStateRow[]> {
  return db.select().from(syncState).orderBy(syncState.job);
}

/** Moves a job's cursor (inside the caller's transaction, with the rows it covers). */
export async function saveCursor(db: Executor, job: string, cursor: string): Promise<void> {
  await db.insert(syncState).values({ job, cursor }).onConflictDoUpdate({ target: syncState.job, set: { cursor } });
}

/** Records the end of a run: success clears the last error, failure keeps it in plain words. */
export async function recordRun(db: Executor, job: string, error?: string, at: Date = new Date()): Promise<void> {
  const values =
    error === undefined
      ? { lastRunAt: at, lastSuccessAt: at, lastError: null, lastErrorAt: null }
      : { lastRunAt: at, lastError: error, lastErrorAt: at };
  await db
    .insert(syncState)
    .values({ job, ...values })
    .onConflictDoUpdate({ target: syncState.job, set: values });
}
