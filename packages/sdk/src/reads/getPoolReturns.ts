import { type Address, type Client, erc20Abi } from "viem";
import type { Deployment } from "../deployment/deployment.js";
import { batchRead } from "../utils/batchRead.js";
import { fundContract } from "./fundContract.js";
import type { PoolInfo, VaultInfo } from "./fundState.js";
import { getInvestmentTokenAddress } from "./getInvestmentTokenAddress.js";
import { getTradingWallets, type TradingWallet } from "./getTradingWallets.js";

/** A trading wallet of the locked pool with what the fund can pull back from it now. */
export type TradingWalletReturn = TradingWallet & {
  /** Its investment-token balance, in token units. */
  balance: bigint;
  /** What it has approved the fund to pull, in token units. */
  allowance: bigint;
  /** What `collectFundsFromTradingWallet` can pull now: the smaller of balance and allowance. */
  collectable: bigint;
};

export type PoolReturns = {
  vaultId: number;
  poolId: bigint;
  /** Token units collected back for the pool so far: what `endLockupPeriod` must be given. */
  collected: bigint;
  /** The principal sent out at lockup (`preLockupTotal`): settling below it is a loss (`confirmLoss`). */
  principal: bigint;
  isLocked: boolean;
  wallets: TradingWalletReturn[];
};

export type GetPoolReturnsParameters = { deployment: Deployment; vaultId: number | bigint };

/**
 * A vault's current pool's returns: what has been collected from its trading wallets so far and, per wallet, what can
 * be collected now (a trading wallet returns funds by approving the fund; an admin or operator then collects them).
 */
export async function getPoolReturns(
  client: Client,
  { deployment, vaultId }: GetPoolReturnsParameters,
): Promise<PoolReturns> {
  const fund = fundContract(deployment);
  const id = BigInt(vaultId);
  const [[vault], token] = await Promise.all([
    batchRead(client, [{ ...fund, functionName: "getVault", args: [id] }]) as Promise<[VaultInfo]>,
    getInvestmentTokenAddress(client, deployment),
  ]);
  const poolId = vault.currentPoolId;
  const wallets = await getTradingWallets(client, { deployment, poolId });
  const [pool, ...amounts] = (await batchRead(client, [
    { ...fund, functionName: "getPoolInfo", args: [poolId] },
    ...wallets.flatMap((w) => [
      { address: token, abi: erc20Abi, functionName: "balanceOf", args: [w.walletAddress] } as const,
      {
        address: token,
        abi: erc20Abi,
        functionName: "allowance",
        args: [w.walletAddress, fund.address as Address],
      } as const,
    ]),
  ])) as [PoolInfo, ...bigint[]];
  return {
    vaultId: Number(id),
    poolId,
    collected: pool.collected,
    principal: pool.preLockupTotal,
    isLocked: vault.isLocked,
    wallets: wallets.map((w, i) => {
      const balance = amounts[2 * i] ?? 0n;
      const allowance = amounts[2 * i + 1] ?? 0n;
      return { ...w, balance, allowance, collectable: balance < allowance ? balance : allowance };
    }),
  };
}
