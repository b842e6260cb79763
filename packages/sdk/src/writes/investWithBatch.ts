import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hash,
  WaitForCallsStatusTimeoutError,
} from "viem";
import { getCapabilities, sendCalls, waitForCallsStatus } from "viem/actions";
import { FundamentError } from "../errors.js";
import { errorMessages, resultMessages } from "../messages.js";
import { canBatch } from "./chooseInvestPath.js";
import { failure } from "./failure.js";
import { fundWithTokenErrorsAbi } from "./fundErrorsAbi.js";
import {
  type InvestAmount,
  type InvestPathResult,
  type InvestPlan,
  isUnsupportedByWallet,
  prepareInvestment,
  simulateInvestment,
} from "./investPath.js";
import type { WriteContext, WriteResult } from "./types.js";

/** Steps of the batched investment: checks before the prompt, then the batch (confirm, then wait for it). */
export type InvestWithBatchStep = "checking" | "batching";

/** One call of the batch and what became of it. */
export type BatchCallState = {
  call: "approve" | "invest";
  /** `succeeded` / `reverted` once mined; `not executed` when the wallet did not run it (or has not reported it). */
  state: "succeeded" | "reverted" | "not executed";
  hash: Hash | null;
  gasUsed: bigint | null;
};

export type InvestWithBatchParameters = WriteContext & {
  /** The vault to invest in (1, 2, ...). */
  vaultId: number | bigint;
  /** Token units; text ("1000", "1,250.50") is parsed once with `parseTokenAmount` (see `InvestAmount`). */
  amount: InvestAmount;
  onStep?: (step: InvestWithBatchStep) => void;
  /** Called with the batch's id once the wallet has accepted it (its calls are then being mined). */
  onBatchSubmitted?: (id: string) => void;
  /** How long to wait for the wallet to report the batch as mined (default 120 s). */
  timeoutMs?: number;
  /** How often to ask the wallet for the batch's status (default 1 s). */
  pollingIntervalMs?: number;
};

export type InvestWithBatchReturnType = InvestPathResult & {
  /** The batch's EIP-5792 id, once the wallet accepted it. */
  batchId: string | null;
  /** Each call of the batch (approve only when the allowance was short) and its outcome. */
  calls: BatchCallState[];
};

/** Texts of the batched path (the spec's messages are used where it has them). */
export const batchMessages = {
  unsupported: "Your wallet cannot batch calls (EIP-5792 atomic batches) on this network.",
  approvedNotInvested: (amount: string) =>
    `The approval was mined but the investment failed: nothing was invested, and the fund may now spend up to ${amount} of your tokens. Invest again to use the approval.`,
  nothingChanged: "The batch failed and nothing was changed: no approval, no investment.",
  notReported:
    "Your wallet has not reported the batch as mined yet: check its activity before investing again, the calls may still go through.",
} as const;

/**
 * Invests in one confirmation with an EIP-5792 batch: asks the wallet's capabilities for atomic batches on the chain
 * (`wallet_getCapabilities`), simulates approve + invest before the prompt, sends `[approve(fund, amount), invest(vaultId,
 * amount)]` (the approval only when the allowance is short) with `wallet_sendCalls`, and waits until the wallet reports
 * the batch (`wallet_getCallsStatus`). Success only when every call succeeded. On a failure the result says what became
 * of each call: an approval mined before a failed investment is said in words, never left silent. A wallet without
 * EIP-5792 or atomic batches comes back `unsupported` with nothing sent. Never throws.
 */
export async function investWithBatch(parameters: InvestWithBatchParameters): Promise<InvestWithBatchReturnType> {
  let plan: InvestPlan;
  try {
    parameters.onStep?.("checking");
    plan = await prepareInvestment(parameters);
  } catch (error) {
    return { ...batchResult(failure(error), null, []), unsupported: false };
  }
  return investInBatch(parameters, plan);
}

/** What a batch run knows so far: its id once accepted, and each call's state. */
type BatchRun = { batchId: string | null; calls: BatchCallState[] };

/** The batch's result from an outcome and what became of the batch. */
const batchResult = (
  outcome: Omit<InvestWithBatchReturnType, "path" | "approvalHash" | "batchId" | "calls" | "fallback" | "unsupported">,
  batchId: string | null,
  calls: BatchCallState[],
): Omit<InvestWithBatchReturnType, "unsupported"> => ({
  ...outcome,
  path: "batch",
  approvalHash: null,
  batchId,
  calls,
  fallback: null,
});

/** The wallet cannot batch: nothing was sent, and the caller may take another path. */
const unsupportedBatch = (): InvestWithBatchReturnType => ({
  ...batchResult({ hash: null, success: false, message: batchMessages.unsupported, kind: "invalid" }, null, []),
  unsupported: true,
});

/**
 * The batch on a prepared investment (the token's figures already read): the wallet's capabilities, the simulation,
 * `wallet_sendCalls`, the wait for its status and what became of each call. Reports `batching` once the calls are
 * asked for (the caller reports `checking`).
 */
export async function investInBatch(
  parameters: Omit<InvestWithBatchParameters, "amount">,
  plan: InvestPlan,
): Promise<InvestWithBatchReturnType> {
  const run: BatchRun = { batchId: null, calls: [] };
  try {
    if (!(await walletCanBatch(parameters, plan.account))) return unsupportedBatch();
    await simulateInvestment(parameters, plan.account, plan.token, plan.vaultId, plan.amount, plan.approvalNeeded);
    const batch = batchCalls(parameters, plan);
    run.calls = batch.map(({ call }) => ({ call, state: "not executed", hash: null, gasUsed: null }));
    parameters.onStep?.("batching");
    const batchId = await sendBatch(parameters, plan.account, batch);
    if (batchId === null) return unsupportedBatch();
    run.batchId = batchId;
    parameters.onBatchSubmitted?.(batchId);
    const status = await waitForBatch(parameters, batchId);
    if (status === null) {
      const notReported = { hash: null, success: false, message: batchMessages.notReported, kind: "rpc" } as const;
      return { ...batchResult(notReported, run.batchId, run.calls), unsupported: false };
    }
    run.calls = callStates(run.calls, status);
    return { ...batchResult(batchOutcome(run.calls, status, plan), run.batchId, run.calls), unsupported: false };
  } catch (error) {
    return { ...batchResult(failure(error, plan.context), run.batchId, run.calls), unsupported: false };
  }
}

/** Whether the wallet offers atomic batches on the chain (`wallet_getCapabilities`); false for a wallet without EIP-5792. */
async function walletCanBatch(
  { walletClient, publicClient }: Pick<WriteContext, "walletClient" | "publicClient">,
  account: Address,
): Promise<boolean> {
  const chainId = walletClient.chain?.id ?? publicClient.chain?.id;
  if (chainId === undefined) throw new FundamentError("The wallet's network is unknown.");
  try {
    return canBatch(await getCapabilities(walletClient, { account, chainId }));
  } catch (error) {
    if (isUnsupportedByWallet(error)) return false;
    throw error;
  }
}

type BatchCall = { call: BatchCallState["call"]; to: Address; data: `0x${string}` };

/** The batch's calls: the approval (only when the allowance falls short), then the investment. */
function batchCalls({ deployment }: Pick<WriteContext, "deployment">, plan: InvestPlan): BatchCall[] {
  const invest: BatchCall = {
    call: "invest",
    to: deployment.investmentFund,
    data: encodeFunctionData({
      abi: fundWithTokenErrorsAbi,
      functionName: "invest",
      args: [plan.vaultId, plan.amount],
    }),
  };
  if (!plan.approvalNeeded) return [invest];
  const approve: BatchCall = {
    call: "approve",
    to: plan.token,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [deployment.investmentFund, plan.amount],
    }),
  };
  return [approve, invest];
}

/** Sends the calls as one atomic batch (`wallet_sendCalls`); resolves with its id, or null when the wallet cannot. */
async function sendBatch(
  { walletClient }: Pick<WriteContext, "walletClient">,
  account: Address,
  batch: BatchCall[],
): Promise<string | null> {
  try {
    const { id } = await sendCalls(walletClient, {
      account: walletClient.account ?? account,
      chain: walletClient.chain,
      calls: batch.map(({ to, data }) => ({ to, data })),
      forceAtomic: true,
    });
    return id;
  } catch (error) {
    if (isUnsupportedByWallet(error)) return null;
    throw error;
  }
}

type BatchStatus = Awaited<ReturnType<typeof waitForCallsStatus>>;

/** Waits for the wallet to report the batch (`wallet_getCallsStatus`); null when it has not within the timeout. */
async function waitForBatch(
  parameters: Pick<InvestWithBatchParameters, "walletClient" | "timeoutMs" | "pollingIntervalMs">,
  id: string,
): Promise<BatchStatus | null> {
  try {
    return await waitForCallsStatus(parameters.walletClient, {
      id,
      timeout: parameters.timeoutMs ?? 120_000,
      pollingInterval: parameters.pollingIntervalMs ?? 1_000,
    });
  } catch (error) {
    if (error instanceof WaitForCallsStatusTimeoutError) return null;
    throw error;
  }
}

/** Each call's state from the batch's receipts (an atomic wallet may report one receipt that stands for every call). */
function callStates(calls: BatchCallState[], status: BatchStatus): BatchCallState[] {
  const receipts = status.receipts ?? [];
  return calls.map((call, i) => {
    const receipt = receipts.length === 1 && status.atomic ? receipts[0] : receipts[i];
    if (!receipt) return call;
    return {
      ...call,
      state: receipt.status === "success" ? "succeeded" : "reverted",
      hash: receipt.transactionHash,
      gasUsed: receipt.gasUsed,
    };
  });
}

/**
 * Success when every call succeeded; otherwise what became of the approval in words: mined before a failed investment
 * (the fund may now spend the amount), or nothing changed.
 */
function batchOutcome(calls: BatchCallState[], status: BatchStatus, plan: InvestPlan): WriteResult {
  const investCall = calls[calls.length - 1];
  if (status.status === "success" && calls.every((call) => call.state === "succeeded"))
    return { hash: investCall?.hash ?? null, success: true, message: resultMessages.invest, kind: null };
  const approval = calls.find((call) => call.call === "approve");
  const amountText = `${formatUnits(plan.amount, plan.decimals)} ${plan.symbol}`;
  const message =
    approval?.state === "succeeded"
      ? batchMessages.approvedNotInvested(amountText)
      : approval
        ? batchMessages.nothingChanged
        : errorMessages.executionFailed;
  // A call of the batch was mined and reverted.
  return { hash: null, success: false, message, kind: "reverted" };
}
