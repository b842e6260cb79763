import { type Client, erc20Abi } from "viem";
import { readContract } from "viem/actions";
import type { Deployment } from "../deployment/deployment.js";
import { readContracts } from "../utils/readContracts.js";
import { fundContract } from "./fundContract.js";
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
  const [vault, token] = await Promise.all([
    readContract(client, { ...fund, functionName: "getVault", args: [id] }),
    getInvestmentTokenAddress(client, deployment),
  ]);
  const poolId = vault.currentPoolId;
  const wallets = await getTradingWallets(client, { deployment, poolId });
  // Started together: on a batching client they go out in one multicall, as one JSON-RPC request.
  const [[pool], balances, allowances] = await Promise.all([
    readContracts(client, [{ ...fund, functionName: "getPoolInfo", args: [poolId] }]),
    readContracts(
      client,
      wallets.map(
        (w) => ({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [w.walletAddress] }) as const,
      ),
    ),
    readContracts(
      client,
      wallets.map(
        (w) =>
          ({
            address: token,
            abi: erc20Abi,
            functionName: "allowance",
            args: [w.walletAddress, fund.address],
          }) as const,
      ),
    ),
  ]);
  return {
    vaultId: Number(id),
    poolId,
    collected: pool.collected,
    principal: pool.preLockupTotal,
    isLocked: vault.isLocked,
    wallets: wallets.map((w, i) => {
      const balance = balances[i] ?? 0n;
      const allowance = allowances[i] ?? 0n;
      return { ...w, balance, allowance, collectable: balance < allowance ? balance : allowance };
    }),
  };
}
