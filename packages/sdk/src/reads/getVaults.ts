import type { Address, Client } from "viem";
import type { Deployment } from "../deployment/deployment.js";
import { formatDate } from "../format/secondsToDate.js";
import { durationDays } from "../math/durationDays.js";
import type { FuturesPerformance } from "../math/futuresYield.js";
import { lockPeriodDays } from "../math/lockPeriodDays.js";
import type { NftLendingPerformance } from "../math/nftLendingYield.js";
import { historicalApyPercent, type RoundReturn, roundReturn } from "../math/roundReturns.js";
import { fromTokenUnits } from "../math/tokenAmount.js";
import { vaultYield } from "../math/vaultYield.js";
import { VAULTS, type Vault, vaultById } from "../vaults/vaults.js";
import { fundContract } from "./fundContract.js";
import {
  type PoolInfo,
  type ProposedSettlement,
  poolById,
  proposedSettlement,
  readCounts,
  readVaultsAndPools,
  type SettlementBounds,
  settlementBounds,
  type VaultCaps,
  type VaultFees,
  vaultCaps,
  vaultFees,
} from "./fundState.js";
import { type PoolStatus, poolStatus } from "./poolStatus.js";

/** The contract's `PoolState.Settled`. */
const SETTLED = 3;

/** A vault with its live figures (spec section 3, "Live vault"), one per on-chain vault. */
export type LiveVault = Omit<Vault, "address"> & {
  /**
   * What the vault manages now, in whole tokens (USD): its current pool's `totalFunds` (the open pool's deposits, or
   * the locked pool's principal out with the traders).
   */
  tvlUsd: number;
  /**
   * The investors' net profit summed over the vault's settled rounds (after the fund's share; negative when losses
   * outweigh profits), in whole tokens (USD); 0 before the first settlement.
   */
  rewardsUsd: number;
  /**
   * The investors' result before the fund's fees (net plus the management and performance fees) summed over the
   * vault's settled rounds, in whole tokens (USD): what came back minus the principal, negative after a loss.
   */
  rewardsGrossUsd: number;
  /** How many of the vault's rounds are settled. */
  settledRounds: number;
  /**
   * The vault's own result of each settled round, oldest first: its investors' return net of fees over the lockup
   * (a round with no principal is left out).
   */
  roundReturns: RoundReturn[];
  /**
   * The vault's realised APY in percent: `roundReturns` compounded and annualised, (Π(1 + r))^(365 / Σ days) − 1;
   * null before the first settlement, −100 when everything was lost. Unlike `apyPercent` (the spec's estimate from
   * the trading account's performance data or the static yield), it describes the vault, net of fees.
   */
  historicalApyPercent: number | null;
  /** The current pool's unlock date ("Dec 21, 2026"); "" while the pool is open. */
  unlockDate: string;
  /** Seconds; 0 while the pool is open. */
  lockupEndTime: number;
  /** Days of the current pool's lockup; for an open pool, the days a lockup started now would last. */
  lockPeriodDays: number;
  apyPercent: number;
  /** Whether the APY comes from the performance payload (false: the static fallback yield). */
  apyFromPerformance: boolean;
  /** The fund contract's address. */
  address: Address;
  /** The vault's current pool (open or locked). */
  poolId: bigint;
  /** The current pool's round: 1 for the vault's first pool, then one more per settlement. */
  round: number;
  /** "open" or "locked" (a vault's current pool is never settled: settling opens the next one). */
  status: PoolStatus;
  /**
   * Whether `invest` would take money into this vault now: its pool is open, the fund is not in an emergency, and the
   * vault is neither paused nor winding down.
   */
  acceptsDeposits: boolean;
  /** Deposits and new rounds paused by an admin or the guardian, until an admin resumes them. */
  paused: boolean;
  /** Wound down for good: no deposit, no new round; the round in progress settles and every position can leave. */
  windingDown: boolean;
  /** The vault's smallest deposit, in token units. */
  minimumInvestment: bigint;
  /** The vault's lockup length for its next lockup, in seconds. */
  lockupPeriodDuration: bigint;
  /** The investment token's decimals (token units ↔ whole tokens). */
  decimals: number;
  /** How long the vault's proposed settlements wait, open to a veto, before they are final (seconds; 0: at once). */
  challengeWindow: number;
  /** The settlement proposed for the current (locked) round and waiting its window; null when none waits. */
  proposedSettlement: ProposedSettlement | null;
  /** The bounds beyond which a round's result needs a guardian's co-signature. */
  settlementBounds: SettlementBounds;
  /** The vault's fees and high-water mark. */
  fees: VaultFees;
  /** The current round's share price (scaled by 1e18): what a share costs now, below `fees.highWaterMark` after a loss. */
  sharePrice: bigint;
  /** The current round's total funds, in token units (what its caps are measured against). */
  roundFunds: bigint;
  /** The vault's caps on a round's total funds and on one investor's funds in a round. */
  caps: VaultCaps;
};

export type VaultsPerformance = { futures?: FuturesPerformance | undefined; nft?: NftLendingPerformance | undefined };

export type GetVaultsParameters = {
  deployment: Deployment;
  /**
   * The API's performance payloads; a missing one (fetch failed) means the static fallback yield. A promise is
   * awaited alongside the chain read, so the two requests run at once.
   */
  performance?: VaultsPerformance | Promise<VaultsPerformance>;
  /** Static entries to use for the on-chain vaults (by `vaultId`); `VAULTS` by default, `vaultById` for the rest. */
  vaults?: readonly Vault[];
};

/** Whether `pool` is one of `vaultId`'s settled pools. */
function isSettledPoolOf(pool: PoolInfo, vaultId: bigint): boolean {
  return pool.vaultId === vaultId && pool.state === SETTLED;
}

/**
 * Investors' net result (what came back to them minus the principal) and gross result (the net plus the fund's fees)
 * summed over a vault's settled pools, both negative after losses, and how many pools are settled.
 */
export function settledTotals(
  pools: readonly PoolInfo[],
  vaultId: bigint,
): { net: bigint; gross: bigint; settledRounds: number } {
  let net = 0n;
  let gross = 0n;
  let settledRounds = 0;
  for (const pool of pools) {
    if (!isSettledPoolOf(pool, vaultId)) continue;
    const result = pool.postLockupTotal - pool.preLockupTotal;
    net += result;
    gross += result + pool.fundFee;
    settledRounds++;
  }
  return { net, gross, settledRounds };
}

/**
 * A vault's return of each settled pool, net of fees, oldest first (`pools` as `readVaultsAndPools` returns them:
 * index = poolId − 1). A pool with no principal has no return and is left out.
 */
export function vaultRoundReturns(pools: readonly PoolInfo[], vaultId: bigint): RoundReturn[] {
  return pools.flatMap((pool, index) =>
    isSettledPoolOf(pool, vaultId) && pool.preLockupTotal > 0n
      ? [
          roundReturn({
            round: Number(pool.round),
            poolId: BigInt(index + 1),
            principal: pool.preLockupTotal,
            returned: pool.postLockupTotal,
            lockupStartTime: pool.lockupStartTime,
            lockupEndTime: pool.lockupEndTime,
          }),
        ]
      : [],
  );
}

/**
 * Every on-chain vault (`vaultCount()`) joined with its static entry and its live figures, in two batched JSON-RPC
 * calls (counts, then every vault and pool). TVL and rewards are converted from token units; the token is a USD
 * stablecoin, so one unit is one US dollar.
 */
export async function getVaults(
  client: Client,
  { deployment, performance: performanceInput = {}, vaults = VAULTS }: GetVaultsParameters,
): Promise<LiveVault[]> {
  const fund = fundContract(deployment);
  const read = async () => {
    const counts = await readCounts(client, deployment);
    return { counts, ...(await readVaultsAndPools(client, deployment, counts)) };
  };
  const [{ counts, vaults: infos, pools }, performance] = await Promise.all([read(), performanceInput]);
  const { decimals, emergencyState } = counts;
  return infos.map((info, i): LiveVault => {
    const vaultId = i + 1;
    const entry = vaults.find((vault) => vault.vaultId === vaultId) ?? vaultById(vaultId, info.name);
    const pool = poolById(pools, info.currentPoolId);
    const status = poolStatus(info.isLocked);
    const lockupStartTime = pool?.lockupStartTime ?? 0n;
    const lockupEndTime = status === "locked" ? (pool?.lockupEndTime ?? 0n) : 0n;
    const totals = settledTotals(pools, BigInt(vaultId));
    const roundReturns = vaultRoundReturns(pools, BigInt(vaultId));
    const source =
      entry.performance === "futures" ? performance.futures : entry.performance === "nft" ? performance.nft : undefined;
    const yearly =
      entry.performance === "futures"
        ? vaultYield("futures", performance.futures, entry.yield)
        : entry.performance === "nft"
          ? vaultYield("nft", performance.nft, entry.yield)
          : entry.yield;
    const { address: _placeholder, ...fields } = entry;
    return {
      ...fields,
      tvlUsd: fromTokenUnits(pool?.totalFunds ?? 0n, decimals),
      rewardsUsd: fromTokenUnits(totals.net, decimals),
      rewardsGrossUsd: fromTokenUnits(totals.gross, decimals),
      settledRounds: totals.settledRounds,
      roundReturns,
      historicalApyPercent: historicalApyPercent(roundReturns),
      unlockDate: status === "locked" ? formatDate(lockupEndTime) : "",
      lockupEndTime: Number(lockupEndTime),
      lockPeriodDays:
        status === "locked" ? lockPeriodDays(lockupStartTime, lockupEndTime) : durationDays(info.lockupPeriodDuration),
      apyPercent: yearly * 100,
      apyFromPerformance: Boolean(source && !source.error),
      address: fund.address,
      poolId: info.currentPoolId,
      round: Number(info.round),
      status,
      acceptsDeposits: status === "open" && !emergencyState && !info.paused && !info.windingDown,
      paused: info.paused,
      windingDown: info.windingDown,
      minimumInvestment: info.minimumInvestment,
      lockupPeriodDuration: info.lockupPeriodDuration,
      decimals,
      challengeWindow: Number(info.challengeWindow),
      proposedSettlement: proposedSettlement(pool),
      settlementBounds: settlementBounds(info),
      fees: vaultFees(info),
      sharePrice: pool?.startSharePrice ?? 0n,
      roundFunds: pool?.totalFunds ?? 0n,
      caps: vaultCaps(info),
    };
  });
}
