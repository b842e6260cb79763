import type { Address, TransactionReceipt } from "viem";
import { simulateContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import type { investmentFundAbi } from "../abi/index.js";
import { FundamentError, type FundErrorContext } from "../errors.js";
import { errorMessages } from "../messages.js";
import { failure } from "./failure.js";
import { fundWithTokenErrorsAbi } from "./fundErrorsAbi.js";
import type { WriteContext, WriteResult } from "./types.js";

type FundWriteName = Extract<
  (typeof investmentFundAbi)[number],
  { type: "function"; stateMutability: "nonpayable" | "payable" }
>["name"];

export type SendFundTransactionParameters = WriteContext & {
  functionName: FundWriteName;
  args: readonly unknown[];
  /** The spec's result message on success. */
  successMessage: string;
  /** Reads what the action produced from its receipt; may throw (e.g. EventNotFoundError), which fails the action. */
  onReceipt?: (receipt: TransactionReceipt) => void;
  /** Token decimals and symbol, to show amounts in revert messages. */
  errorContext?: FundErrorContext;
};

/** The connected account, or a clear error when no wallet is connected. */
export function requireAccount(context: WriteContext): Address {
  const account = context.walletClient.account;
  if (!account) throw new FundamentError("Connect a wallet first.");
  return account.address;
}

/**
 * One fund action: simulate first, so a revert becomes a clear message before any wallet prompt;
 * then send, report the hash through `onSubmitted`, and (by default) wait for the receipt. Never
 * throws: failures come back as `{ hash: null, success: false, message }`.
 */
export async function sendFundTransaction(parameters: SendFundTransactionParameters): Promise<WriteResult> {
  const { deployment, publicClient, walletClient, functionName, args, successMessage } = parameters;
  try {
    const account = walletClient.account ?? requireAccount(parameters);
    const { request } = await simulateContract(publicClient, {
      address: deployment.investmentFund,
      abi: fundWithTokenErrorsAbi,
      functionName,
      args,
      account,
    } as Parameters<typeof simulateContract>[1]);
    const hash = await writeContract(walletClient, { ...request, chain: walletClient.chain } as Parameters<
      typeof writeContract
    >[1]);
    parameters.onSubmitted?.(hash);
    if (parameters.waitForReceipt !== false || parameters.onReceipt) {
      const receipt = await waitForTransactionReceipt(publicClient, { hash });
      if (receipt.status !== "success") return { hash: null, success: false, message: errorMessages.executionFailed };
      parameters.onReceipt?.(receipt);
    }
    return { hash, success: true, message: successMessage };
  } catch (error) {
    return failure(error, parameters.errorContext);
  }
}
