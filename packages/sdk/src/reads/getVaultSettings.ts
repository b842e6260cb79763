import type { Client } from "viem";
import { readContract } from "viem/actions";
import type { Deployment } from "../deployment/deployment.js";
import { fundContract } from "./fundContract.js";
import {
  type PoolInfo,
  type ProposedSettlement,
  proposedSettlement,
  type SettlementBounds,
  settlementBounds,
} from "./fundState.js";

/** One vault's settings and its current pool (open or locked), amounts in token units, times in seconds. */
export type VaultSettings = {
  vaultId: number;
  name: string;
  minimumInvestment: bigint;
  /** Lockup length of the vault's next lockup, in seconds. */
  lockupPeriodDuration: bigint;
  currentPool: {
    poolId: bigint;
    totalFunds: bigint;
    isLocked: boolean;
    lockupStartTime: bigint;
    lockupEndTime: bigint;
    /** The principal sent to the trading wallets at lockup (0 while open). */
    preLockupTotal: bigint;
    /** What has been collected back from the trading wallets so far: what `endLockupPeriod` must be given. */
    collected: bigint;
    /** The settlement proposed for this round and waiting its challenge window; null when none waits. */
    proposal: ProposedSettlement | null;
  };
  /** How long a proposed settlement waits, open to a veto, before it is final (seconds; 0: at once). */
  challengeWindow: bigint;
  /** The bounds beyond which a round's result needs a guardian's co-signature. */
  settlementBounds: SettlementBounds;
  /** The current pool's round (1 for the vault's first pool). */
  round: number;
};

export type GetVaultSettingsParameters = { deployment: Deployment; vaultId: number | bigint };

/** A vault's settings and current pool: `getVault`, then `getPoolInfo` of its current pool. */
export async function getVaultSettings(
  client: Client,
  { deployment, vaultId }: GetVaultSettingsParameters,
): Promise<VaultSettings> {
  const fund = fundContract(deployment);
  const id = BigInt(vaultId);
  const vault = await readContract(client, { ...fund, functionName: "getVault", args: [id] });
  const pool: PoolInfo = await readContract(client, {
    ...fund,
    functionName: "getPoolInfo",
    args: [vault.currentPoolId],
  });
  return {
    vaultId: Number(id),
    name: vault.name,
    minimumInvestment: vault.minimumInvestment,
    lockupPeriodDuration: vault.lockupPeriodDuration,
    currentPool: {
      poolId: vault.currentPoolId,
      totalFunds: pool.totalFunds,
      isLocked: vault.isLocked,
      lockupStartTime: pool.lockupStartTime,
      lockupEndTime: pool.lockupEndTime,
      preLockupTotal: pool.preLockupTotal,
      collected: pool.collected,
      proposal: proposedSettlement(pool),
    },
    challengeWindow: vault.challengeWindow,
    settlementBounds: settlementBounds(vault),
    round: Number(vault.round),
  };
}
