import { type Address, type Client, getAddress } from "viem";
import type { Deployment } from "../deployment/deployment.js";
import { ratioPercent } from "../math/ratioPercent.js";
import { fromTokenUnits } from "../math/tokenAmount.js";
import { readContracts } from "../utils/readContracts.js";
import { fundContract } from "./fundContract.js";
import { poolById, readCounts } from "./fundState.js";
import { readPositions, type VaultPosition } from "./getPositions.js";

/** The investor view (spec section 3), fund-wide, plus the positions per vault the portfolio page shows. */
export type InvestorView = {
  account: Address;
  /** Principal across all vaults, in whole tokens (USD). */
  investedAmount: number;
  votingPower: number;
  totalWithdrawn: number;
  /**
   * Principal across all vaults / the sum of the vaults' current pools' total funds, in percent; 0 when those pools
   * are empty.
   */
  daoRankingPercent: number;
  lastWithdrawnPoolId: bigint;
  hasWithdrawnCurrent: boolean;
  /** The pool of the first vault (by id) where the investor holds a position (0: none); see `positions` for all. */
  positionPoolId: bigint;
  /** What `withdraw` would pay now, summed over the vaults (whole tokens). */
  withdrawableAmount: number;
  isWhitelisted: boolean;
  emergencyState: boolean;
  /** The investor's position in each vault (one entry per vault, in vault id order). */
  positions: VaultPosition[];
  /** Raw token units, for exact arithmetic and writes. */
  raw: { investedAmount: bigint; votingPower: bigint; totalWithdrawn: bigint; withdrawableAmount: bigint };
};

export type GetInvestorViewParameters = { deployment: Deployment; account: Address };

/**
 * An investor's figures and positions in two batched JSON-RPC calls (counts and fund-wide figures, then the
 * positions); run beside `getVaults` on a `createFundPublicClient` client, the two share those two requests.
 */
export async function getInvestorView(
  client: Client,
  { deployment, account }: GetInvestorViewParameters,
): Promise<InvestorView> {
  const investor = getAddress(account);
  const fund = fundContract(deployment);
  const [counts, [data, isWhitelisted]] = await Promise.all([
    readCounts(client, deployment),
    readContracts(client, [
      { ...fund, functionName: "getInvestorData", args: [investor] },
      { ...fund, functionName: "isWhitelisted", args: [investor] },
    ]),
  ]);
  const { positions, vaults, pools } = await readPositions(client, deployment, investor, counts);
  const { decimals, emergencyState } = counts;
  const [investedAmount, lastWithdrawnPoolId, hasWithdrawnCurrent, totalWithdrawn, votingPower] = data;
  const currentTotal = vaults.reduce(
    (sum, vault) => sum + (poolById(pools, vault.currentPoolId)?.totalFunds ?? 0n),
    0n,
  );
  const withdrawable = positions.reduce((sum, position) => sum + position.withdrawable, 0n);
  return {
    account: investor,
    investedAmount: fromTokenUnits(investedAmount, decimals),
    votingPower: fromTokenUnits(votingPower, decimals),
    totalWithdrawn: fromTokenUnits(totalWithdrawn, decimals),
    daoRankingPercent: ratioPercent(investedAmount, currentTotal),
    lastWithdrawnPoolId,
    hasWithdrawnCurrent,
    positionPoolId: positions.find((position) => position.shares > 0n)?.poolId ?? 0n,
    withdrawableAmount: fromTokenUnits(withdrawable, decimals),
    isWhitelisted,
    emergencyState,
    positions,
    raw: { investedAmount, votingPower, totalWithdrawn, withdrawableAmount: withdrawable },
  };
}
