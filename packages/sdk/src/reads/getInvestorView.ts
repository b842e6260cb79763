import { type Address, type Client, getAddress } from "viem";
import type { Deployment } from "../deployment/deployment.js";
import { ratioPercent } from "../math/ratioPercent.js";
import { fromTokenUnits } from "../math/tokenAmount.js";
import { readContracts } from "../utils/readContracts.js";
import { fundContract } from "./fundContract.js";
import { readCounts } from "./fundState.js";
import { readPositions, type VaultPosition } from "./getPositions.js";

/** The investor view (spec section 3), fund-wide, plus the positions per vault the portfolio page shows. */
export type InvestorView = {
  account: Address;
  /** Principal across all vaults, in whole tokens (USD). */
  investedAmount: number;
  votingPower: number;
  totalWithdrawn: number;
  /**
   * The investor's share of the fund's voting: their voting power (principal across all vaults) / what investors have
   * in the fund now (`investedTotal`, the base of every proposal's quorum: open rounds' deposits, locked rounds'
   * principal and settled payouts not yet withdrawn), in percent, at most 100; 0 when the fund holds nothing. (The
   * spec divides by "the current pool's total funds", which with several vaults and unwithdrawn payouts leaves out
   * money that votes, so the shares of all investors summed far above 100 %.)
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
  const [counts, [data, isWhitelisted, investedTotal]] = await Promise.all([
    readCounts(client, deployment),
    readContracts(client, [
      { ...fund, functionName: "getInvestorData", args: [investor] },
      { ...fund, functionName: "isWhitelisted", args: [investor] },
      { ...fund, functionName: "investedTotal" },
    ]),
  ]);
  const { positions } = await readPositions(client, deployment, investor, counts);
  const { decimals, emergencyState } = counts;
  const [investedAmount, lastWithdrawnPoolId, hasWithdrawnCurrent, totalWithdrawn, votingPower] = data;
  const withdrawable = positions.reduce((sum, position) => sum + position.withdrawable, 0n);
  return {
    account: investor,
    investedAmount: fromTokenUnits(investedAmount, decimals),
    votingPower: fromTokenUnits(votingPower, decimals),
    totalWithdrawn: fromTokenUnits(totalWithdrawn, decimals),
    daoRankingPercent: Math.min(100, ratioPercent(investedAmount, investedTotal)),
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
