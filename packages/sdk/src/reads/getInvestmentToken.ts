import { type Address, type Client, erc20Abi } from "viem";
import { multicall } from "viem/actions";
import type { Deployment } from "../deployment/deployment.js";
import { isDeployless } from "./fundContract.js";
import { getInvestmentTokenAddress } from "./getInvestmentTokenAddress.js";

/** The investment token (spec section 3): name, symbol, decimals, address. */
export type InvestmentToken = { name: string; symbol: string; decimals: number; address: Address };

export type GetInvestmentTokenParameters = { deployment: Deployment };

/** Reads the investment token's name, symbol and decimals in one batched call. */
export async function getInvestmentToken(
  client: Client,
  { deployment }: GetInvestmentTokenParameters,
): Promise<InvestmentToken> {
  const address = await getInvestmentTokenAddress(client, deployment);
  const token = { address, abi: erc20Abi } as const;
  const [name, symbol, decimals] = await multicall(client, {
    allowFailure: false,
    deployless: isDeployless(client),
    contracts: [
      { ...token, functionName: "name" },
      { ...token, functionName: "symbol" },
      { ...token, functionName: "decimals" },
    ],
  });
  return { name, symbol, decimals, address };
}
