import type { Address, Client } from "viem";
import { readContract } from "viem/actions";
import { FundamentError } from "../baseErrors.js";
import type { Deployment } from "../deployment/deployment.js";
import { fundContract } from "./fundContract.js";

/** A trading wallet of a pool (spec section 3); `walletType` is its name, `index` what `removeTradingWallet` takes. */
export type TradingWallet = { walletAddress: Address; allocation: number; walletType: string; index: number };

export type GetTradingWalletsParameters = {
  deployment: Deployment;
  /** The pool (a pool keeps the list it was locked with). */
  poolId?: bigint | number;
  /** Without `poolId`: this vault's current pool. */
  vaultId?: bigint | number;
};

/** The trading wallets of a pool with their allocations in basis points. */
export async function getTradingWallets(
  client: Client,
  { deployment, poolId, vaultId }: GetTradingWalletsParameters,
): Promise<TradingWallet[]> {
  const fund = fundContract(deployment);
  let id: bigint;
  if (poolId !== undefined) id = BigInt(poolId);
  else if (vaultId !== undefined)
    id = await readContract(client, { ...fund, functionName: "currentPoolId", args: [BigInt(vaultId)] });
  else throw new FundamentError("Name a pool (poolId) or a vault (vaultId).");
  const [wallets, allocations, walletTypes] = await readContract(client, {
    ...fund,
    functionName: "getTradingWallets",
    args: [id],
  });
  return wallets.map((walletAddress, index) => ({
    walletAddress,
    allocation: Number(allocations[index]),
    walletType: walletTypes[index] ?? "",
    index,
  }));
}
