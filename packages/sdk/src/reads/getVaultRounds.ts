import type { Client } from "viem";
import type { Deployment } from "../deployment/deployment.js";
import { type ProposedSettlement, proposedSettlement, readCounts, readVaultsAndPools } from "./fundState.js";
import { type PoolStatus, poolStatusFromState } from "./poolStatus.js";

/** One round (pool) of a vault, in token units. */
export type VaultRound = {
  poolId: bigint;
  vaultId: number;
  round: number;
  status: PoolStatus;
  /** Seconds; 0 until the lockup starts. */
  lockupStartTime: number;
  /** Seconds; 0 until the lockup starts. */
  lockupEndTime: number;
  /** What the round started with: `preLockupTotal` once locked, the deposits so far (`totalFunds`) while open. */
  principal: bigint;
  /** What the trading wallets returned (`collected`): so far while locked, the final figure once settled. */
  returned: bigint;
  /** What the investors received at settlement (`postLockupTotal`: returned minus the fund's fee); 0 until settled. */
  investorsTotal: bigint;
  /** The investors' net profit, `investorsTotal − principal` (negative for a loss); 0 until settled. */
  profit: bigint;
  /** The gross profit (`profitGenerated`, before the fund's share; 0 for a loss). */
  grossProfit: bigint;
  /** The fees charged at settlement: `managementFee` plus `performanceFee`; 0 until settled. */
  fundFee: bigint;
  /** The management fee: a yearly rate of the principal, for the time the round was locked. */
  managementFee: bigint;
  /** The performance fee: a share of the profit above the high-water mark. */
  performanceFee: bigint;
  /**
   * The share price (scaled by 1e18) the round had to beat before a performance fee was due; 0 until settled. Above
   * `startSharePrice` after a loss: the recovery up to it paid no performance fee.
   */
  highWaterMark: bigint;
  /** What moved into the vault's next round for rolling positions. */
  rolledOver: bigint;
  /** Share prices scaled by `SHARE_PRICE_SCALE` (1e18). */
  startSharePrice: bigint;
  settleSharePrice: bigint;
  /** The settlement proposed for this locked round and waiting its challenge window; null when none waits. */
  proposal: ProposedSettlement | null;
};

export type GetVaultRoundsParameters = { deployment: Deployment; vaultId: number | bigint };

/**
 * A vault's rounds, newest first: every pool id 1..poolCount read in one multicall of `getPoolInfo` and kept when it
 * belongs to the vault (two JSON-RPC requests in all).
 */
export async function getVaultRounds(
  client: Client,
  { deployment, vaultId }: GetVaultRoundsParameters,
): Promise<VaultRound[]> {
  const counts = await readCounts(client, deployment);
  const { pools } = await readVaultsAndPools(client, deployment, { vaultCount: 0, poolCount: counts.poolCount });
  const id = BigInt(vaultId);
  const rounds: VaultRound[] = [];
  pools.forEach((pool, i) => {
    if (pool.vaultId !== id) return;
    const state = poolStatusFromState(pool.state);
    if (state === "none") return;
    const settled = state === "settled";
    const principal = state === "open" ? pool.totalFunds : pool.preLockupTotal;
    rounds.push({
      poolId: BigInt(i + 1),
      vaultId: Number(id),
      round: Number(pool.round),
      status: state,
      lockupStartTime: Number(pool.lockupStartTime),
      lockupEndTime: Number(pool.lockupEndTime),
      principal,
      returned: pool.collected,
      investorsTotal: pool.postLockupTotal,
      profit: settled ? pool.postLockupTotal - principal : 0n,
      grossProfit: pool.profitGenerated,
      fundFee: pool.fundFee,
      managementFee: pool.managementFee,
      performanceFee: pool.performanceFee,
      highWaterMark: pool.highWaterMark,
      rolledOver: pool.rolledOver,
      startSharePrice: pool.startSharePrice,
      settleSharePrice: pool.settleSharePrice,
      proposal: proposedSettlement(pool),
    });
  });
  return rounds.sort((a, b) => b.round - a.round);
}
