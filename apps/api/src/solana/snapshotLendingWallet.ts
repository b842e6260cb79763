import type { Address, Rpc, SolanaRpcApi } from "@solana/kit";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { performanceSnapshots } from "../db/schema.js";
import { recordRun, saveCursor } from "../jobs/syncState.js";
import { describeSolanaError, solanaErrorCause } from "./describeSolanaError.js";

/** The job's name in `sync_state` (and so in /health). */
export const SOLANA_SNAPSHOT_JOB = "solana:nft-lending";

/** The `source` of the snapshots read from the chain (imported ones are `import`, seeded ones `demo`). */
export const SOLANA_SOURCE = "solana" as const;

/** How long one balance read may take before the run counts as failed. */
const RPC_TIMEOUT_MS = 15_000;

const LAMPORTS_PER_SOL = 1_000_000_000n;

/** Lamports as SOL (exact to the lamport for any balance below 2^53 lamports, about 9 million SOL). */
export function lamportsToSol(lamports: bigint): number {
  return Number(lamports / LAMPORTS_PER_SOL) + Number(lamports % LAMPORTS_PER_SOL) / 1e9;
}

export type SnapshotLendingWalletParameters = {
  db: Db;
  rpc: Rpc<SolanaRpcApi>;
  wallet: Address;
  /** Aborts the run at its next safe point (shutdown, lost leader lock). */
  signal?: AbortSignal;
  /** The snapshot's time (now by default). */
  now?: Date;
  /** Called after a snapshot is stored (e.g. to clear the response cache). */
  onStored?: () => void;
  /** Where a failure's real cause goes (the server log). */
  logFailure?: (message: string, cause: { type: string; message: string }) => void;
};

export type SnapshotResult = { stored: true; valueSol: number; takenAt: Date } | { stored: false; error: string };

/**
 * One run of the NFT-lending snapshot: reads the lending wallet's SOL balance (finalized) and stores it as an
 * NFT-lending snapshot with source `solana`, beside the imported ones. The value is the wallet's SOL balance
 * only: SPL tokens (stablecoins included) are not counted, as no SOL price is known here.
 *
 * Success records the run in `sync_state` (cursor: the snapshot's time in ms); a failure records a plain
 * sentence there (HTTP status or JSON-RPC code, never the RPC's body), stores nothing and does not throw.
 */
export async function snapshotLendingWallet({
  db,
  rpc,
  wallet,
  signal,
  now,
  onStored,
  logFailure,
}: SnapshotLendingWalletParameters): Promise<SnapshotResult> {
  const takenAt = now ?? new Date();
  let lamports: bigint;
  try {
    const timeout = AbortSignal.timeout(RPC_TIMEOUT_MS);
    const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    ({ value: lamports } = await rpc.getBalance(wallet, { commitment: "finalized" }).send({ abortSignal }));
  } catch (error) {
    if (signal?.aborted) return { stored: false, error: "The Solana snapshot was stopped" };
    const message = describeSolanaError(error, takenAt);
    logFailure?.(message, solanaErrorCause(error));
    await recordRun(db, SOLANA_SNAPSHOT_JOB, message, takenAt);
    return { stored: false, error: message };
  }
  const valueSol = lamportsToSol(lamports);
  await db.transaction(async (tx) => {
    await tx
      .insert(performanceSnapshots)
      .values({ vault: "nft-lending", source: SOLANA_SOURCE, takenAt, value: valueSol })
      .onConflictDoUpdate({
        target: [performanceSnapshots.vault, performanceSnapshots.source, performanceSnapshots.takenAt],
        set: { value: sql`excluded.value` },
      });
    await saveCursor(tx, SOLANA_SNAPSHOT_JOB, String(takenAt.getTime()));
  });
  await recordRun(db, SOLANA_SNAPSHOT_JOB, undefined, takenAt);
  onStored?.();
  return { stored: true, valueSol, takenAt };
}
