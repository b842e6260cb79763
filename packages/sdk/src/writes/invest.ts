import { erc20Abi, type Hash } from "viem";
import { simulateCalls, simulateContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import { FundamentError, isMethodUnsupported } from "../errors.js";
import { resultMessages } from "../messages.js";
import { getDepositStatus } from "../reads/getDepositStatus.js";
import { failure } from "./failure.js";
import { fundWithTokenErrorsAbi } from "./fundErrorsAbi.js";
import { type InvestAmount, type InvestPlan, prepareInvestment } from "./investPath.js";
import { sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

/** Steps of the two-step investment, for visible progress. */
export type InvestStep = "checking" | "approving" | "investing";

export type InvestParameters = WriteContext & {
  /** The vault to invest in (1, 2, ...): the money goes into its open pool. */
  vaultId: number | bigint;
  /** Token units; text ("1000", "1,250.50") is parsed once with `parseTokenAmount` (see `InvestAmount`). */
  amount: InvestAmount;
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
 * signs anything. Never throws: failures come back as `{ success: false, message }`.
 */
export async function invest(parameters: InvestParameters): Promise<InvestReturnType> {
  let plan: InvestPlan;
  try {
    parameters.onStep?.("checking");
    plan = await prepareInvestment(parameters);
  } catch (error) {
    return { ...failure(error), approvalHash: null };
  }
  return investInTwoSteps(parameters, plan);
}

/**
 * The two steps on a prepared investment (the token's figures already read): approve when the allowance falls short
 * and wait for the receipt, then invest. Reports `approving` and `investing` (the caller reports `checking`).
 */
export async function investInTwoSteps(
  parameters: Omit<InvestParameters, "amount">,
  plan: InvestPlan,
): Promise<InvestReturnType> {
  let approvalHash: Hash | null = null;
  try {
    if (plan.approvalNeeded) {
      await simulateApproveThenInvest(parameters, plan);
      parameters.onStep?.("approving");
      const approval = await approve(parameters, plan, (hash) => {
        approvalHash = hash;
      });
      if (approval !== "success")
        return { hash: null, success: false, message: resultMessages.approvalFailed, kind: "reverted", approvalHash };
    }
    parameters.onStep?.("investing");
    const result = await sendFundTransaction({
      ...parameters,
      functionName: "invest",
      args: [plan.vaultId, plan.amount],
      successMessage: resultMessages.invest,
      errorContext: plan.context,
    });
    return { ...result, approvalHash };
  } catch (error) {
    return { ...failure(error, plan.context), approvalHash };
  }
}

/** Approves the fund for the amount (simulated, then sent) and waits for the receipt; resolves with its status. */
async function approve(
  { deployment, publicClient, walletClient, onApprovalSubmitted }: Omit<InvestParameters, "amount">,
  plan: InvestPlan,
  sent: (hash: Hash) => void,
): Promise<"success" | "reverted"> {
  const { request } = await simulateContract(publicClient, {
    address: plan.token,
    abi: erc20Abi,
    functionName: "approve",
    args: [deployment.investmentFund, plan.amount],
    account: walletClient.account ?? plan.account,
  });
  const hash = await writeContract(walletClient, { ...request, chain: walletClient.chain });
  sent(hash);
  onApprovalSubmitted?.(hash);
  return (await waitForTransactionReceipt(publicClient, { hash })).status;
}

/**
 * Simulates approve followed by invest as one sequence, and throws the investment's revert. When the
 * node does not offer `eth_simulateV1`, the fund's own answer (`getDepositStatus`) is asked instead, and the
 * investment is still simulated before its own prompt.
 */
async function simulateApproveThenInvest(
  { publicClient, deployment }: Pick<WriteContext, "publicClient" | "deployment">,
  { account, token, vaultId, amount, context }: InvestPlan,
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
