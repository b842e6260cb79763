// Internal: the reads several views share (counts, then every vault and pool), written so that concurrent views on a
// `createFundPublicClient` client merge into the same multicalls (one JSON-RPC request per stage).
import { type Client, type ContractFunctionReturnType, erc20Abi, type Hex } from "viem";
import type { investmentFundAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { readContracts } from "../utils/readContracts.js";
import { fundContract } from "./fundContract.js";
import { getInvestmentTokenAddress } from "./getInvestmentTokenAddress.js";

/** `getPoolInfo(poolId)`. */
export type PoolInfo = ContractFunctionReturnType<typeof investmentFundAbi, "view", "getPoolInfo">;
/** `getVault(vaultId)`. */
export type VaultInfo = ContractFunctionReturnType<typeof investmentFundAbi, "view", "getVault">;
/** `getPosition(account, vaultId)`. */
export type PositionInfo = ContractFunctionReturnType<typeof investmentFundAbi, "view", "getPosition">;

export type FundCounts = { decimals: number; vaultCount: number; poolCount: number; emergencyState: boolean };

/** Ids 1..count. */
export function idsUpTo(count: number): bigint[] {
  return Array.from({ length: count }, (_, i) => BigInt(i + 1));
}

/** Stage 1: the token's decimals, how many vaults and pools exist, the emergency state. */
export async function readCounts(client: Client, deployment: Deployment): Promise<FundCounts> {
  const fund = fundContract(deployment);
  const token = await getInvestmentTokenAddress(client, deployment);
  const [decimals, vaultCount, poolCount, emergencyState] = await readContracts(client, [
    { address: token, abi: erc20Abi, functionName: "decimals" },
    { ...fund, functionName: "vaultCount" },
    { ...fund, functionName: "poolCount" },
    { ...fund, functionName: "emergencyState" },
  ]);
  return { decimals, vaultCount: Number(vaultCount), poolCount: Number(poolCount), emergencyState };
}

/** Stage 2: every vault (`getVault`, index = vaultId − 1) and every pool (`getPoolInfo`, index = poolId − 1). */
export async function readVaultsAndPools(
  client: Client,
  deployment: Deployment,
  { vaultCount, poolCount }: Pick<FundCounts, "vaultCount" | "poolCount">,
): Promise<{ vaults: VaultInfo[]; pools: PoolInfo[] }> {
  const fund = fundContract(deployment);
  // Two reads started together: on a batching client they go out in one multicall, as one JSON-RPC request.
  const [vaults, pools] = await Promise.all([
    readContracts(
      client,
      idsUpTo(vaultCount).map((id) => ({ ...fund, functionName: "getVault", args: [id] }) as const),
    ),
    readContracts(
      client,
      idsUpTo(poolCount).map((id) => ({ ...fund, functionName: "getPoolInfo", args: [id] }) as const),
    ),
  ]);
  return { vaults, pools };
}

/** A pool's figures by id from the list `readVaultsAndPools` returned. */
export function poolById(pools: readonly PoolInfo[], poolId: bigint): PoolInfo | undefined {
  return poolId > 0n ? pools[Number(poolId) - 1] : undefined;
}

/** The contract's `PoolState.Locked`. */
const LOCKED = 2;

/**
 * A settlement proposed for a locked round and waiting its challenge window: anyone may finalise it from `finalAt`
 * (seconds), a guardian or an admin may veto it before.
 */
export type ProposedSettlement = {
  /** The total it claims, in token units (what was collected). */
  totalReturned: bigint;
  /** keccak-256 of its NAV report. */
  reportHash: Hex;
  /** When it becomes final (seconds on the chain's clock). */
  finalAt: number;
  /** Proposed through the loss entry point (below the principal). */
  atLoss: boolean;
  /** It lies outside the vault's bounds: it is final only once a guardian has co-signed it. */
  needsCosign: boolean;
  /** A guardian has co-signed it. */
  cosigned: boolean;
};

/** The settlement waiting for `pool`, or null (none proposed, or the pool is already settled). */
export function proposedSettlement(pool: PoolInfo | undefined): ProposedSettlement | null {
  if (!pool || pool.state !== LOCKED || pool.finalAt === 0n) return null;
  return {
    totalReturned: pool.proposedTotal,
    reportHash: pool.reportHash,
    finalAt: Number(pool.finalAt),
    atLoss: pool.proposedAtLoss,
    needsCosign: pool.needsCosign,
    cosigned: pool.cosigned,
  };
}

/** `Vault.maxGainBps` at this value bounds no gain. */
export const NO_GAIN_BOUND = 65_535;

/**
 * The bounds of a vault's round results, in basis points of a round's principal: a proposal beyond them needs a
 * guardian's co-signature. `maxGainBps` null: no bound on gains; `maxLossBps` 10,000: any loss.
 */
export type SettlementBounds = { maxLossBps: number; maxGainBps: number | null };

/** A vault's bounds as `getVault` answers them. */
export function settlementBounds(vault: Pick<VaultInfo, "maxLossBps" | "maxGainBps">): SettlementBounds {
  const maxGainBps = Number(vault.maxGainBps);
  return { maxLossBps: Number(vault.maxLossBps), maxGainBps: maxGainBps === NO_GAIN_BOUND ? null : maxGainBps };
}

/**
 * A vault's fees: management per year of a round's principal, performance of a round's profit above the high-water
 * mark, both in basis points; and the mark itself, the share price (scaled by 1e18) the current round must beat before
 * a performance fee is due.
 */
export type VaultFees = { managementFeeBps: number; performanceFeeBps: number; highWaterMark: bigint };

/** The fees of a vault, from `getVault`. */
export function vaultFees(
  vault: Pick<VaultInfo, "managementFeeBps" | "performanceFeeBps" | "highWaterMark">,
): VaultFees {
  return {
    managementFeeBps: Number(vault.managementFeeBps),
    performanceFeeBps: Number(vault.performanceFeeBps),
    highWaterMark: vault.highWaterMark,
  };
}

/** A vault's caps in token units: of a round's total funds and of one investor's funds in a round; null: none. */
export type VaultCaps = { depositCap: bigint | null; investorCap: bigint | null };

/** The caps of a vault, from `getVault` (0 on chain: none). */
export function vaultCaps(vault: Pick<VaultInfo, "depositCap" | "investorCap">): VaultCaps {
  return {
    depositCap: vault.depositCap === 0n ? null : vault.depositCap,
    investorCap: vault.investorCap === 0n ? null : vault.investorCap,
  };
}
