import { type Client, erc20Abi } from "viem";
import { multicall } from "viem/actions";
import type { Deployment } from "../deployment/deployment.js";
import { fromTokenUnits } from "../math/tokenAmount.js";
import { fundContract, isDeployless } from "./fundContract.js";
import { getInvestmentTokenAddress } from "./getInvestmentTokenAddress.js";

/** Profit statistics (spec section 3), amounts in whole tokens (USD). */
export type ProfitStatistics = {
  totalProfitGenerated: number;
  averageProfitPerPool: number;
  highestProfit: number;
  profitablePoolCount: number;
};

export async function getProfitStatistics(
  client: Client,
  { deployment }: { deployment: Deployment },
): Promise<ProfitStatistics> {
  const token = await getInvestmentTokenAddress(client, deployment);
  const [decimals, stats] = await multicall(client, {
    allowFailure: false,
    deployless: isDeployless(client),
    contracts: [
      { address: token, abi: erc20Abi, functionName: "decimals" },
      { ...fundContract(deployment), functionName: "getProfitStatistics" },
    ],
  });
  const [total, average, highest, count] = stats;
  return {
    totalProfitGenerated: fromTokenUnits(total, decimals),
    averageProfitPerPool: fromTokenUnits(average, decimals),
    highestProfit: fromTokenUnits(highest, decimals),
    profitablePoolCount: Number(count),
  };
}
