import { type Address, erc20Abi, type Hash } from "viem";
import { multicall, simulateCalls, simulateContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import { FundamentError, type FundErrorContext, isMethodUnsupported } from "../errors.js";
import { toTokenUnits } from "../math/tokenAmount.js";
import { resultMessages } from "../messages.js";
import { isDeployless } from "../reads/fundContract.js";
import { getDepositStatus } from "../reads/getDepositStatus.js";
import { getInvestmentTokenAddress } from "../reads/getInvestmentTokenAddress.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { fundWithTokenErrorsAbi } from "./fundErrorsAbi.js";
import { requireAccount, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

/** Steps of the two-step investment, for visible progress. */
export type InvestStep = "checking" | "approving" | "investing";

export type InvestParameters = WriteContext & {
  /** The vault to invest in (1, 2, ...): the money goes into its open pool. */
  vaultId: number | bigint;
  /** A human amount in whole tokens ("1000", "1,250.50"); converted to the token's decimals. */
  amount: string | number;
  onStep?: (step: InvestStep) => void;
  /** Called with the approval's hash as soon as the wallet has sent it. */
  onApprovalSubmitted?: (hash: Hash) => void;
};

export type InvestReturnType = WriteResult & {
  /** The approval transaction, when one was needed (also when it failed). */
  approvalHash: Hash | null;
};

/**
 * Invests in two steps (spec section 4): approve the fund for the amount and wait for the receipt
 * (stopping with 'Approval transaction failed!' when it reverted), then invest. The approval is
 * skipped when the allowance already covers the amount. Before the first wallet prompt both calls
 * are simulated in sequence (`eth_simulateV1`), so a pool that is locked, a wallet that is not
 * whitelisted, an amount below the vault's minimum or an unwithdrawn payout in the vault is reported before the user
 * signs anything.
 */
export async function invest(parameters: InvestParameters): Promise<InvestReturnType> {
  const { deployment, publicClient, walletClient } = parameters;
  let approvalHash: Hash | null = null;
  let errorContext: FundErrorContext = {};
  try {
    parameters.onStep?.("checking");
    const account = requireAccount(parameters);
    const vaultId = vaultIdArg(parameters.vaultId);
    const token = await getInvestmentTokenAddress(publicClient, deployment);
    const [decimals, symbol, allowance] = await multicall(publicClient, {
      allowFailure: false,
      deployless: isDeployless(publicClient),
      contracts: [
        { address: token, abi: erc20Abi, functionName: "decimals" },
        { address: token, abi: erc20Abi, functionName: "symbol" },
        { address: token, abi: erc20Abi, functionName: "allowance", args: [account, deployment.investmentFund] },
      ],
    });
    errorContext = { decimals, symbol };
    const amount = toTokenUnits(parameters.amount, decimals);

    if (allowance < amount) {
      await simulateApproveThenInvest(parameters, account, token, vaultId, amount, errorContext);
      parameters.onStep?.("approving");
      const { request } = await simulateContract(publicClient, {
        address: token,
        abi: erc20Abi,
        functionName: "approve",
        args: [deployment.investmentFund, amount],
        account: walletClient.account ?? account,
      });
      approvalHash = await writeContract(walletClient, { ...request, chain: walletClient.chain });
      parameters.onApprovalSubmitted?.(approvalHash);
      const receipt = await waitForTransactionReceipt(publicClient, { hash: approvalHash });
      if (receipt.status !== "success")
        return { hash: null, success: false, message: resultMessages.approvalFailed, kind: "reverted", approvalHash };
    }

    parameters.onStep?.("investing");
    const result = await sendFundTransaction({
      ...parameters,
      functionName: "invest",
      args: [vaultId, amount],
      successMessage: resultMessages.invest,
      errorContext,
    });
    return { ...result, approvalHash };
  } catch (error) {
    return { ...failure(error, errorContext), approvalHash };
  }
}

/**
 * Simulates approve followed by invest as one sequence, and throws the investment's revert. When the
 * node does not offer `eth_simulateV1`, the investment is still simulated before its own prompt.
 */
async function simulateApproveThenInvest(
  { publicClient, deployment }: InvestParameters,
  account: Address,
  token: Address,
  vaultId: bigint,
  amount: bigint,
  context: FundErrorContext,
): Promise<void> {
  let results: Awaited<ReturnType<typeof simulateCalls>>["results"];
  try {
    ({ results } = await simulateCalls(publicClient, {
      account,
      calls: [
        { to: token, abi: erc20Abi, functionName: "approve", args: [deployment.investmentFund, amount] },
        { to: deployment.investmentFund, abi: fundWithTokenErrorsAbi, functionName: "invest", args: [vaultId, amount] },
      ],
    }));
  } catch (error) {
    // No eth_simulateV1 on this node: the fund's own answer (`getDepositStatus`, the same checks as `invest`) says any
    // refusal before the approval's prompt, and the investment is simulated again before its own. Any other failure of
    // the simulation (the node unreachable) fails the action here, before a prompt.
    if (!isMethodUnsupported(error)) throw error;
    const check = await getDepositStatus(publicClient, { deployment, vaultId, account, amount, context });
    if (check.message) throw new FundamentError(check.message);
    return;
  }
  const failed = results.find((result) => result.status === "failure");
  if (failed?.error) throw failed.error;
}
