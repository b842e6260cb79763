import { type Address, type Client, erc20Abi } from "viem";
import type { Deployment } from "../deployment/deployment.js";
import { formatDate } from "../format/secondsToDate.js";
import { durationDays } from "../math/durationDays.js";
import type { FuturesPerformance } from "../math/futuresYield.js";
import { lockPeriodDays } from "../math/lockPeriodDays.js";
import type { NftLendingPerformance } from "../math/nftLendingYield.js";
import { fromTokenUnits } from "../math/tokenAmount.js";
import { vaultYield } from "../math/vaultYield.js";
import { batchRead } from "../utils/batchRead.js";
import { VAULTS, type Vault } from "../vaults/vaults.js";
import { fundContract } from "./fundContract.js";
import { getInvestmentTokenAddress } from "./getInvestmentTokenAddress.js";
import { type PoolStatus, poolStatus } from "./poolStatus.js";

/** `investmentPools(id)`: totalFunds, lockupStartTime, lockupEndTime, isLocked, preLockupTotal, postLockupTotal, profitGenerated. */
type PoolTuple = readonly [bigint, bigint, bigint, boolean, bigint, bigint, bigint];

/** A vault with its live figures (spec section 3, "Live vault"). */
export type LiveVault = Omit<Vault, "address"> & {
  tvlUsd: number;
  rewardsUsd: number;
  /** The pool's unlock date ("Dec 21, 2026"); "" while the pool is open and its lockup has not started. */
  unlockDate: string;
  /** Seconds; 0 while the pool is open. */
  lockupEndTime: number;
  /** Days of the pool's lockup; for an open pool, the days a lockup started now would last. */
  lockPeriodDays: number;
  apyPercent: number;
  /** Whether the APY comes from the performance payload (false: the static fallback yield). */
  apyFromPerformance: boolean;
  /** The fund contract's address. */
  address: Address;
  poolId: bigint;
  status: PoolStatus;
  /** Whether `invest` would put money into this vault's pool now. */
  acceptsDeposits: boolean;
};

export type VaultsPerformance = { futures?: FuturesPerformance | undefined; nft?: NftLendingPerformance | undefined };

export type GetVaultsParameters = {
  deployment: Deployment;
  /**
   * The API's performance payloads; a missing one (fetch failed) means the static fallback yield. A promise is
   * awaited alongside the chain read, so the two requests run at once.
   */
  performance?: VaultsPerformance | Promise<VaultsPerformance>;
  vaults?: readonly Vault[];
};

/**
 * Both vaults joined with their pool's live figures, in one batched JSON-RPC call (two when the
 * deployment does not name the investment token). TVL and rewards are converted from token units;
 * the token is a USD stablecoin, so one unit is one US dollar.
 */
export async function getVaults(
  client: Client,
  { deployment, performance: performanceInput = {}, vaults = VAULTS }: GetVaultsParameters,
): Promise<LiveVault[]> {
  const fund = fundContract(deployment);
  const read = async () => {
    const token = await getInvestmentTokenAddress(client, deployment);
    return batchRead(client, [
      { address: token, abi: erc20Abi, functionName: "decimals" },
      { ...fund, functionName: "getCurrentPoolData" },
      { ...fund, functionName: "lockupPeriodDuration" },
      { ...fund, functionName: "emergencyState" },
      ...vaults.map(
        (vault) => ({ ...fund, functionName: "investmentPools", args: [BigInt(vault.onChainId)] }) as const,
      ),
    ]);
  };
  const [results, performance] = await Promise.all([read(), performanceInput]);
  const [decimals, current, lockupPeriodDuration, emergencyState, ...pools] = results as [
    number,
    readonly [bigint, bigint, boolean, bigint],
    bigint,
    boolean,
    ...PoolTuple[],
  ];
  const [currentPoolId] = current;
  return vaults.map((vault, i) => {
    const [totalFunds, lockupStartTime, lockupEndTime, isLocked, , , profitGenerated] = pools[i] as PoolTuple;
    const poolId = BigInt(vault.onChainId);
    const status = poolStatus(poolId, currentPoolId, isLocked);
    const started = status === "locked" || status === "settled";
    const source = vault.performance === "futures" ? performance.futures : performance.nft;
    const yearly =
      vault.performance === "futures"
        ? vaultYield("futures", performance.futures, vault.yield)
        : vaultYield("nft", performance.nft, vault.yield);
    const { address: _placeholder, ...fields } = vault;
    return {
      ...fields,
      tvlUsd: fromTokenUnits(totalFunds, decimals),
      rewardsUsd: fromTokenUnits(profitGenerated, decimals),
      unlockDate: started ? formatDate(lockupEndTime) : "",
      lockupEndTime: Number(lockupEndTime),
      lockPeriodDays: started ? lockPeriodDays(lockupStartTime, lockupEndTime) : durationDays(lockupPeriodDuration),
      apyPercent: yearly * 100,
      apyFromPerformance: Boolean(source && !source.error),
      address: fund.address,
      poolId,
      status,
      acceptsDeposits: status === "open" && !emergencyState,
    };
  });
}
