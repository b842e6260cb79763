import { type Address, type Client, erc20Abi } from "viem";
import { multicall } from "viem/actions";
import type { Deployment } from "../deployment/deployment.js";
import { fundContract, isDeployless } from "./fundContract.js";
import { getInvestmentTokenAddress } from "./getInvestmentTokenAddress.js";

/** Fund-level settings (spec section 3) and the current pool (`getCurrentPoolData`). */
export type FundSettings = {
  fundWallet: Address;
  investmentToken: Address;
  decimals: number;
  minimumInvestment: bigint;
  lockupPeriodDuration: bigint;
  emergencyState: boolean;
  proposalCount: bigint;
  currentPool: { poolId: bigint; totalFunds: bigint; isLocked: boolean; lockupEndTime: bigint };
  basisPoints: bigint;
  fundProfitPercentage: bigint;
  poolProfitPercentage: bigint;
};

/** Every fund-level setting in one batched call. */
export async function getFundSettings(
  client: Client,
  { deployment }: { deployment: Deployment },
): Promise<FundSettings> {
  const fund = fundContract(deployment);
  const token = await getInvestmentTokenAddress(client, deployment);
  const [
    decimals,
    fundWallet,
    minimumInvestment,
    lockupPeriodDuration,
    emergencyState,
    proposalCount,
    current,
    bps,
    fee,
    pool,
  ] = await multicall(client, {
    allowFailure: false,
    deployless: isDeployless(client),
    contracts: [
      { address: token, abi: erc20Abi, functionName: "decimals" },
      { ...fund, functionName: "fundWallet" },
      { ...fund, functionName: "minimumInvestment" },
      { ...fund, functionName: "lockupPeriodDuration" },
      { ...fund, functionName: "emergencyState" },
      { ...fund, functionName: "proposalCount" },
      { ...fund, functionName: "getCurrentPoolData" },
      { ...fund, functionName: "BASIS_POINTS" },
      { ...fund, functionName: "FUND_PROFIT_PERCENTAGE" },
      { ...fund, functionName: "POOL_PROFIT_PERCENTAGE" },
    ],
  });
  const [poolId, totalFunds, isLocked, lockupEndTime] = current;
  return {
    fundWallet,
    investmentToken: token,
    decimals,
    minimumInvestment,
    lockupPeriodDuration,
    emergencyState,
    proposalCount,
    currentPool: { poolId, totalFunds, isLocked, lockupEndTime },
    basisPoints: bps,
    fundProfitPercentage: fee,
    poolProfitPercentage: pool,
  };
}
