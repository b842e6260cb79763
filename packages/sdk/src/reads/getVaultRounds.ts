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
  /** The fund's share of the profit. */
  fundFee: bigint;
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
      rolledOver: pool.rolledOver,
      startSharePrice: pool.startSharePrice,
      settleSharePrice: pool.settleSharePrice,
      proposal: proposedSettlement(pool),
    });
  });
  return rounds.sort((a, b) => b.round - a.round);
}
