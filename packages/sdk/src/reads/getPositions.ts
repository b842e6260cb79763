import { type Address, type Client, getAddress } from "viem";
import type { Deployment } from "../deployment/deployment.js";
import { readContracts } from "../utils/readContracts.js";
import { fundContract } from "./fundContract.js";
import { type FundCounts, idsUpTo, type PoolInfo, poolById, readCounts, type VaultInfo } from "./fundState.js";
import { type PoolStateName, poolStatusFromState } from "./poolStatus.js";

/** An investor's position in one vault (`getPosition(account, vaultId)`), amounts in token units. */
export type VaultPosition = {
  vaultId: number;
  /** The pool the position is in now (a rolling position: the vault's current pool); 0 without a position. */
  poolId: bigint;
  /** That pool's round; 0 without a position. */
  round: number;
  /** Vault shares held. */
  shares: bigint;
  /** Deposits not yet withdrawn (its share of the voting power). */
  principal: bigint;
  /** What the position is worth now: its share of an open or locked pool, or its payout once the pool is settled. */
  value: bigint;
  /** What `withdraw(vaultId)` would pay now: the payout of a settled pool, or a refund while the pool is open. */
  withdrawable: bigint;
  /** The standing roll-over choice for this vault (kept after a withdrawal). */
  rollOver: boolean;
  poolState: PoolStateName;
};

export type GetPositionsParameters = { deployment: Deployment; account: Address };

/** Stage 2 of the positions read: each vault's position plus every vault and pool (for rounds). */
export async function readPositions(
  client: Client,
  deployment: Deployment,
  account: Address,
  { vaultCount, poolCount }: Pick<FundCounts, "vaultCount" | "poolCount">,
): Promise<{ positions: VaultPosition[]; vaults: VaultInfo[]; pools: PoolInfo[] }> {
  const fund = fundContract(deployment);
  const vaultIds = idsUpTo(vaultCount);
  // Three reads started together: on a batching client they go out in one multicall, as one JSON-RPC request.
  const [infos, vaults, pools] = await Promise.all([
    readContracts(
      client,
      vaultIds.map((id) => ({ ...fund, functionName: "getPosition", args: [account, id] }) as const),
    ),
    readContracts(
      client,
      vaultIds.map((id) => ({ ...fund, functionName: "getVault", args: [id] }) as const),
    ),
    readContracts(
      client,
      idsUpTo(poolCount).map((id) => ({ ...fund, functionName: "getPoolInfo", args: [id] }) as const),
    ),
  ]);
  const positions = infos.map(
    (info, i): VaultPosition => ({
      vaultId: i + 1,
      poolId: info.poolId,
      round: Number(poolById(pools, info.poolId)?.round ?? 0n),
      shares: info.shares,
      principal: info.principal,
      value: info.value,
      withdrawable: info.withdrawable,
      rollOver: info.rollOver,
      poolState: poolStatusFromState(info.poolState),
    }),
  );
  return { positions, vaults, pools };
}

/** An investor's position in every vault, one entry per vault (two JSON-RPC requests: counts, then the positions). */
export async function getPositions(
  client: Client,
  { deployment, account }: GetPositionsParameters,
): Promise<VaultPosition[]> {
  const investor = getAddress(account);
  const counts = await readCounts(client, deployment);
  return (await readPositions(client, deployment, investor, counts)).positions;
}
