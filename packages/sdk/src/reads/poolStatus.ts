/** Where a pool is in its round: open (taking deposits) → locked (with the traders) → settled (the vault's next pool opens). */
export type PoolStatus = "open" | "locked" | "settled";

/** The contract's `PoolState` enum in words; `none` is a pool id that does not exist (or a position with no pool). */
export type PoolStateName = "none" | PoolStatus;

const POOL_STATES = ["none", "open", "locked", "settled"] as const satisfies readonly PoolStateName[];

/** Maps the contract's `PoolState` enum (`poolState(id)`, `getPoolInfo(id).state`, `getPosition(...).poolState`). */
export function poolStatusFromState(state: number): PoolStateName {
  const name = POOL_STATES[state];
  if (name === undefined) throw new RangeError(`Unknown pool state ${state}.`);
  return name;
}

/**
 * The status of a vault's current pool from its lock flag (a vault's current pool is never settled: settling
 * opens the next one).
 */
export function poolStatus(isLocked: boolean): PoolStatus {
  return isLocked ? "locked" : "open";
}
