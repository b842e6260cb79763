import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { vaultPlans } from "../db/schemaAccess.js";

/** A round's planned lockup date as the API answers it (times in ISO 8601). */
export type VaultPlanRow = { vaultId: number; round: number; plannedAt: string; setBy: string; updatedAt: string };

export type VaultRoundKey = { chainId: number; vaultId: number; round: number };

const where = ({ chainId, vaultId, round }: VaultRoundKey) =>
  and(eq(vaultPlans.chainId, chainId), eq(vaultPlans.vaultId, vaultId), eq(vaultPlans.round, round));

/** The round's planned lockup date; undefined when the admin set none. */
export async function readVaultPlan(db: Db, key: VaultRoundKey): Promise<VaultPlanRow | undefined> {
  const [row] = await db.select().from(vaultPlans).where(where(key));
  return (
    row && {
      vaultId: row.vaultId,
      round: row.round,
      plannedAt: row.plannedAt.toISOString(),
      setBy: row.setBy,
      updatedAt: row.updatedAt.toISOString(),
    }
  );
}

/** Sets (upserts) the round's planned lockup date, or clears it with `plannedAt: null`. */
export async function writeVaultPlan(
  db: Db,
  key: VaultRoundKey,
  { plannedAt, setBy, now = new Date() }: { plannedAt: Date | null; setBy: string; now?: Date },
): Promise<VaultPlanRow | undefined> {
  if (!plannedAt) {
    await db.delete(vaultPlans).where(where(key));
    return undefined;
  }
  await db
    .insert(vaultPlans)
    .values({ ...key, plannedAt, setBy, updatedAt: now })
    .onConflictDoUpdate({
      target: [vaultPlans.chainId, vaultPlans.vaultId, vaultPlans.round],
      set: { plannedAt, setBy, updatedAt: now },
    });
  return readVaultPlan(db, key);
}
