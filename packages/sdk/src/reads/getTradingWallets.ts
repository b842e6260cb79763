import type { Address, Client } from "viem";
import { readContract } from "viem/actions";
import type { Deployment } from "../deployment/deployment.js";
import { fundContract } from "./fundContract.js";

/** A trading wallet of a pool (spec section 3); `walletType` is its name, `index` what `removeTradingWallet` takes. */
export type TradingWallet = { walletAddress: Address; allocation: number; walletType: string; index: number };

export type GetTradingWalletsParameters = {
  deployment: Deployment /** The current pool when omitted. */;
  poolId?: bigint;
};

/** The trading wallets of a pool with their allocations in basis points. */
export async function getTradingWallets(
  client: Client,
  { deployment, poolId }: GetTradingWalletsParameters,
): Promise<TradingWallet[]> {
  const fund = fundContract(deployment);
  const id = poolId ?? (await readContract(client, { ...fund, functionName: "currentPoolId" }));
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
