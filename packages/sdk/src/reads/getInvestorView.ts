import { type Address, type Client, erc20Abi, getAddress } from "viem";
import { multicall } from "viem/actions";
import type { Deployment } from "../deployment/deployment.js";
import { ratioPercent } from "../math/ratioPercent.js";
import { fromTokenUnits } from "../math/tokenAmount.js";
import { fundContract, isDeployless } from "./fundContract.js";
import { getInvestmentTokenAddress } from "./getInvestmentTokenAddress.js";

/** The investor view (spec section 3) plus what the portfolio page needs to offer withdrawals. */
export type InvestorView = {
  account: Address;
  /** Token units converted to whole tokens (USD). */
  investedAmount: number;
  votingPower: number;
  totalWithdrawn: number;
  /** Invested amount / the current pool's total funds, in percent; 0 when the pool is empty or the position is in an earlier pool. */
  daoRankingPercent: number;
  lastWithdrawnPoolId: bigint;
  hasWithdrawnCurrent: boolean;
  /** The pool holding the investor's principal (0: none). */
  positionPoolId: bigint;
  /** What `withdraw()` would pay now (0 until the position's pool is settled). */
  withdrawableAmount: number;
  isWhitelisted: boolean;
  emergencyState: boolean;
  /** Raw token units, for exact arithmetic and writes. */
  raw: { investedAmount: bigint; votingPower: bigint; totalWithdrawn: bigint; withdrawableAmount: bigint };
};

export type GetInvestorViewParameters = { deployment: Deployment; account: Address };

/** An investor's figures in one batched JSON-RPC call (two when the deployment does not name the token). */
export async function getInvestorView(
  client: Client,
  { deployment, account }: GetInvestorViewParameters,
): Promise<InvestorView> {
  const investor = getAddress(account);
  const fund = fundContract(deployment);
  const token = await getInvestmentTokenAddress(client, deployment);
  const [decimals, data, current, positionPoolId, withdrawable, isWhitelisted, emergencyState] = await multicall(
    client,
    {
      allowFailure: false,
      deployless: isDeployless(client),
      contracts: [
        { address: token, abi: erc20Abi, functionName: "decimals" },
        { ...fund, functionName: "getInvestorData", args: [investor] },
        { ...fund, functionName: "getCurrentPoolData" },
        { ...fund, functionName: "positionPoolOf", args: [investor] },
        { ...fund, functionName: "previewWithdraw", args: [investor] },
        { ...fund, functionName: "isWhitelisted", args: [investor] },
        { ...fund, functionName: "emergencyState" },
      ],
    },
  );
  const [investedAmount, lastWithdrawnPoolId, hasWithdrawnCurrent, totalWithdrawn, votingPower] = data;
  const [currentPoolId, currentTotal] = current;
  const inCurrentPool = positionPoolId === currentPoolId;
  return {
    account: investor,
    investedAmount: fromTokenUnits(investedAmount, decimals),
    votingPower: fromTokenUnits(votingPower, decimals),
    totalWithdrawn: fromTokenUnits(totalWithdrawn, decimals),
    daoRankingPercent: inCurrentPool ? ratioPercent(investedAmount, currentTotal) : 0,
    lastWithdrawnPoolId,
    hasWithdrawnCurrent,
    positionPoolId,
    withdrawableAmount: fromTokenUnits(withdrawable, decimals),
    isWhitelisted,
    emergencyState,
    raw: { investedAmount, votingPower, totalWithdrawn, withdrawableAmount: withdrawable },
  };
}
