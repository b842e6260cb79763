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
  type VaultCaps,
  type VaultFees,
  vaultCaps,
  vaultFees,
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
    /** The round's shares and their price (scaled by 1e18), for the fee it would be charged (`settlementFees`). */
    totalShares: bigint;
    startSharePrice: bigint;
    /** The fee rates the round was locked at (0 while open): the lower of these and the vault's is charged. */
    lockedFeeRates: { managementFeeBps: number; performanceFeeBps: number };
  };
  /** How long a proposed settlement waits, open to a veto, before it is final (seconds; 0: at once). */
  challengeWindow: bigint;
  /** The bounds beyond which a round's result needs a guardian's co-signature. */
  settlementBounds: SettlementBounds;
  /** The vault's fees and high-water mark. */
  fees: VaultFees;
  /** The vault's caps on a round's total funds and on one investor's funds in a round. */
  caps: VaultCaps;
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
      totalShares: pool.totalShares,
      startSharePrice: pool.startSharePrice,
      lockedFeeRates: {
        managementFeeBps: Number(pool.managementFeeBps),
        performanceFeeBps: Number(pool.performanceFeeBps),
      },
    },
    challengeWindow: vault.challengeWindow,
    settlementBounds: settlementBounds(vault),
    fees: vaultFees(vault),
    caps: vaultCaps(vault),
    round: Number(vault.round),
  };
}
