/**
 * Where a pool is in its round (open → locked → settled; the next pool opens at settlement).
 * `upcoming` is a pool id after the current one: it has not opened yet.
 */
export type PoolStatus = "open" | "locked" | "settled" | "upcoming";

export function poolStatus(poolId: bigint, currentPoolId: bigint, isLocked: boolean): PoolStatus {
  if (poolId > currentPoolId) return "upcoming";
  if (isLocked) return "locked";
  return poolId < currentPoolId ? "settled" : "open";
}
