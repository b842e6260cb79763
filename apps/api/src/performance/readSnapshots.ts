import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type DataSource, performanceSnapshots } from "../db/schema.js";
import type { Snapshot } from "./buildPerformance.js";

/** Sources in order of preference: real data first, demo last. */
const PREFERENCE: readonly DataSource[] = ["bybit", "import", "demo"];

/** The snapshots of one vault from its most preferred source that has any, oldest first. */
export async function readSnapshots(
  db: Db,
  vault: "futures" | "nft-lending",
): Promise<{ source: DataSource | undefined; snapshots: Snapshot[] }> {
  const present = await db
    .selectDistinct({ source: performanceSnapshots.source })
    .from(performanceSnapshots)
    .where(eq(performanceSnapshots.vault, vault));
  const source = PREFERENCE.find((candidate) => present.some((row) => row.source === candidate));
  if (!source) return { source: undefined, snapshots: [] };
  const snapshots = await db
    .select({ takenAt: performanceSnapshots.takenAt, value: performanceSnapshots.value })
    .from(performanceSnapshots)
    .where(and(eq(performanceSnapshots.vault, vault), eq(performanceSnapshots.source, source)))
    .orderBy(asc(performanceSnapshots.takenAt));
  return { source, snapshots };
}
