import { type Address, type Client, erc20Abi } from "viem";
import type { Deployment } from "../deployment/deployment.js";
import { readContracts } from "../utils/readContracts.js";
import { fundContract, governorContract } from "./fundContract.js";
import { getInvestmentTokenAddress } from "./getInvestmentTokenAddress.js";

/** Fund-wide settings (spec section 3). Per-vault settings (minimum, lockup, current pool) are in `getVaultSettings`. */
export type FundSettings = {
  fundWallet: Address;
  investmentToken: Address;
  decimals: number;
  emergencyState: boolean;
  proposalCount: bigint;
  basisPoints: bigint;
  fundProfitPercentage: bigint;
  poolProfitPercentage: bigint;
  /** The fund's share of profits accrued and not yet claimed (`claimFundFees` sends it to the fund wallet), token units. */
  fundFeesAccrued: bigint;
  /** Number of vaults; ids run from 1 to this number. */
  vaultCount: number;
  /** Number of pools ever opened, across the vaults. */
  poolCount: bigint;
};

/** Every fund-wide setting in one batched call. */
export async function getFundSettings(
  client: Client,
  { deployment }: { deployment: Deployment },
): Promise<FundSettings> {
  const fund = fundContract(deployment);
  const governor = governorContract(deployment);
  const token = await getInvestmentTokenAddress(client, deployment);
  const [decimals, fundWallet, emergencyState, proposalCount, bps, fee, pool, fundFeesAccrued, vaultCount, poolCount] =
    await readContracts(client, [
      { address: token, abi: erc20Abi, functionName: "decimals" },
      { ...fund, functionName: "fundWallet" },
      { ...fund, functionName: "emergencyState" },
      { ...governor, functionName: "proposalCount" },
      { ...fund, functionName: "BASIS_POINTS" },
      { ...fund, functionName: "FUND_PROFIT_PERCENTAGE" },
      { ...fund, functionName: "POOL_PROFIT_PERCENTAGE" },
      { ...fund, functionName: "fundFeesAccrued" },
      { ...fund, functionName: "vaultCount" },
      { ...fund, functionName: "poolCount" },
    ]);
  return {
    fundWallet,
    investmentToken: token,
    decimals,
    emergencyState,
    proposalCount,
    basisPoints: bps,
    fundProfitPercentage: fee,
    poolProfitPercentage: pool,
    fundFeesAccrued,
    vaultCount: Number(vaultCount),
    poolCount,
  };
}
