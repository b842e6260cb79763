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
import { toTokenUnits } from "../math/tokenAmount.js";
import { errorMessages, resultMessages } from "../messages.js";
import { getInvestmentTokenAddress } from "../reads/getInvestmentTokenAddress.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { fundWithTokenErrorsAbi } from "./fundErrorsAbi.js";
import {
  type InvestPathResult,
  isUnsupportedByWallet,
  readInvestTokenState,
  simulateInvestment,
} from "./investPath.js";
import { requireAccount } from "./sendFundTransaction.js";
import type { WriteContext } from "./types.js";

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
  /** A human amount in whole tokens ("1000", "1,250.50"). */
  amount: string | number;
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
 * EIP-5792 or atomic batches comes back `unsupported` with nothing sent.
 */
export async function investWithBatch(parameters: InvestWithBatchParameters): Promise<InvestWithBatchReturnType> {
  const { deployment, publicClient, walletClient } = parameters;
  let calls: BatchCallState[] = [];
  let batchId: string | null = null;
  let context = {};
  const result = (
    outcome: Omit<InvestWithBatchReturnType, "path" | "approvalHash" | "batchId" | "calls" | "fallback">,
  ): InvestWithBatchReturnType => ({ ...outcome, path: "batch", approvalHash: null, batchId, calls, fallback: null });
  // The wallet cannot batch: nothing was sent, and the caller may take another path.
  const unsupported = () =>
    result({ hash: null, success: false, message: batchMessages.unsupported, kind: "invalid", unsupported: true });
  try {
    parameters.onStep?.("checking");
    const account = requireAccount(parameters);
    const vaultId = vaultIdArg(parameters.vaultId);
    const chainId = walletClient.chain?.id ?? publicClient.chain?.id;
    if (chainId === undefined) throw new FundamentError("The wallet's network is unknown.");
    let atomic: string | undefined;
    try {
      const capabilities = await getCapabilities(walletClient, { account, chainId });
      atomic = (capabilities as { atomic?: { status?: string } } | undefined)?.atomic?.status;
    } catch (error) {
      if (isUnsupportedByWallet(error)) return unsupported();
      throw error;
    }
    if (atomic !== "supported" && atomic !== "ready") return unsupported();

    const token = await getInvestmentTokenAddress(publicClient, deployment);
    const state = await readInvestTokenState(parameters, token, account);
    context = state.context;
    const amount = toTokenUnits(parameters.amount, state.decimals);
    const withApproval = state.allowance < amount;
    await simulateInvestment(parameters, account, token, vaultId, amount, withApproval);

    const batch: Array<{ call: BatchCallState["call"]; to: Address; data: `0x${string}` }> = [
      ...(withApproval
        ? [
            {
              call: "approve" as const,
              to: token,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: "approve",
                args: [deployment.investmentFund, amount],
              }),
            },
          ]
        : []),
      {
        call: "invest" as const,
        to: deployment.investmentFund,
        data: encodeFunctionData({ abi: fundWithTokenErrorsAbi, functionName: "invest", args: [vaultId, amount] }),
      },
    ];
    calls = batch.map(({ call }) => ({ call, state: "not executed", hash: null, gasUsed: null }));

    parameters.onStep?.("batching");
    try {
      ({ id: batchId } = await sendCalls(walletClient, {
        account: walletClient.account ?? account,
        chain: walletClient.chain,
        calls: batch.map(({ to, data }) => ({ to, data })),
        forceAtomic: true,
      }));
    } catch (error) {
      if (isUnsupportedByWallet(error)) return unsupported();
      throw error;
    }
    parameters.onBatchSubmitted?.(batchId);

    let status: Awaited<ReturnType<typeof waitForCallsStatus>>;
    try {
      status = await waitForCallsStatus(walletClient, {
        id: batchId,
        timeout: parameters.timeoutMs ?? 120_000,
        pollingInterval: parameters.pollingIntervalMs ?? 1_000,
      });
    } catch (error) {
      if (error instanceof WaitForCallsStatusTimeoutError)
        return result({
          hash: null,
          success: false,
          message: batchMessages.notReported,
          kind: "rpc",
          unsupported: false,
        });
      throw error;
    }
    const receipts = status.receipts ?? [];
    calls = calls.map((call, i) => {
      // An atomic wallet may report the whole batch as one receipt: it then stands for every call.
      const receipt = receipts.length === 1 && status.atomic ? receipts[0] : receipts[i];
      if (!receipt) return call;
      return {
        ...call,
        state: receipt.status === "success" ? "succeeded" : "reverted",
        hash: receipt.transactionHash,
        gasUsed: receipt.gasUsed,
      };
    });
    const investCall = calls[calls.length - 1];
    if (status.status === "success" && calls.every((call) => call.state === "succeeded"))
      return result({
        hash: investCall?.hash ?? null,
        success: true,
        message: resultMessages.invest,
        kind: null,
        unsupported: false,
      });

    const approval = calls.find((call) => call.call === "approve");
    const amountText = `${formatUnits(amount, state.decimals)} ${state.symbol}`;
    const message =
      approval?.state === "succeeded"
        ? batchMessages.approvedNotInvested(amountText)
        : approval
          ? batchMessages.nothingChanged
          : errorMessages.executionFailed;
    // A call of the batch was mined and reverted.
    return result({ hash: null, success: false, message, kind: "reverted", unsupported: false });
  } catch (error) {
    return {
      ...failure(error, context),
      path: "batch",
      approvalHash: null,
      batchId,
      calls,
      unsupported: false,
      fallback: null,
    };
  }
}
