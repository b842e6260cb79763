import { type Abi, type Address, BaseError, type TransactionReceipt, zeroHash } from "viem";
import { estimateContractGas, simulateContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import { fundGovernorAbi } from "../abi/index.js";
import { type Deployment, governorAddress } from "../deployment/deployment.js";
import { type FundErrorContext, revertOf } from "../errors.js";
import { errorMessages } from "../messages.js";
import { sendSmartAccountCalls, smartAccountCall } from "../smartAccount/sendSmartAccountCalls.js";
import { failure } from "./failure.js";
import { fundWithTokenErrorsAbi } from "./fundErrorsAbi.js";
import type { FundWriteArgs, FundWriteCall, FundWriteName } from "./fundWriteCall.js";
import { requireAccount } from "./requireAccount.js";
import { scheduleFundChange } from "./scheduleFundChange.js";
import type { WriteContext, WriteResult } from "./types.js";

export type SendFundTransactionParameters<functionName extends FundWriteName = FundWriteName> = WriteContext &
  FundWriteCall<functionName> & {
    /** The spec's result message on success. */
    successMessage: string;
    /** Reads what the action produced from its receipt; may throw (e.g. EventNotFoundError), which fails the action. */
    onReceipt?: (receipt: TransactionReceipt) => void;
    /** Token decimals and symbol, to show amounts in revert messages. */
    errorContext?: FundErrorContext;
  };

/** The functions that live in the fund's governor (proposals, votes, Discord codes) rather than in the fund. */
const GOVERNOR_FUNCTIONS: ReadonlySet<string> = new Set(
  fundGovernorAbi.filter((item) => item.type === "function").map((item) => item.name),
);

/**
 * The contract that answers `functionName`: the fund, or its governor for proposals and votes. Callers name a function;
 * which of the two contracts holds it is decided here only.
 */
export function fundTarget(deployment: Deployment, functionName: FundWriteName): Address {
  return GOVERNOR_FUNCTIONS.has(functionName) ? governorAddress(deployment) : deployment.investmentFund;
}

export type { FundWriteArgs, FundWriteCall, FundWriteName };
export { requireAccount };

/**
 * A gas limit for the action estimated against the pending block, plus a fifth. Some of the fund's functions cost
 * more in a new block than in the block that last touched the same record (a voting-power checkpoint, the last
 * proposal block), and nodes estimate against the latest block by default: an action sent in the block right after a
 * similar one would then run out of gas. Undefined when the node cannot estimate (the wallet estimates then).
 */
async function pendingGasLimit(
  { deployment, publicClient, functionName, args }: SendFundTransactionParameters,
  account: Address | NonNullable<WriteContext["walletClient"]["account"]>,
): Promise<bigint | undefined> {
  try {
    const estimate = await estimateContractGas(publicClient, {
      address: fundTarget(deployment, functionName),
      abi: fundWithTokenErrorsAbi,
      functionName,
      args,
      account,
      blockTag: "pending",
    });
    return estimate + estimate / 5n;
  } catch (error) {
    // viem's errors of the estimate (the node refused or failed to estimate): the wallet estimates then. Anything
    // else is a fault of this code, not the node's, and fails the action.
    if (error instanceof BaseError) return undefined;
    throw error;
  }
}

/** Whether a simulated fund call was refused because only the default admin (the deployment's timelock) may make it. */
function waitsInTimelock(error: unknown, deployment: Deployment): boolean {
  if (!deployment.fundTimelock) return false;
  const revert = revertOf(error);
  return revert?.errorName === "AccessControlUnauthorizedAccount" && revert.args[1] === zeroHash;
}

/**
 * One fund action: simulate first, so a revert becomes a clear message before any wallet prompt;
 * then send, report the hash through `onSubmitted`, and (by default) wait for the receipt. Never
 * throws: failures come back as `{ hash: null, success: false, message }`.
 *
 * With `smartAccount` set, the owner's smart account sends it instead: simulated from the smart account's address
 * (the same spec texts), then one user operation (`sendSmartAccountCalls`: one signature, gas paid by the fund's
 * paymaster, or by the smart account itself when the fund does not sponsor it). Its receipt is always awaited (a user operation has no transaction hash before it is mined), and
 * `onSubmitted` gets the bundle's transaction hash then.
 */
export async function sendFundTransaction(parameters: SendFundTransactionParameters): Promise<WriteResult> {
  const { deployment, publicClient, walletClient, functionName, args, successMessage } = parameters;
  if (parameters.smartAccount) {
    const { bundlerUrl, bundlerTransport, onUserOperationSubmitted, onGasPayment } = parameters.smartAccount;
    const result = await sendSmartAccountCalls({
      deployment,
      publicClient,
      walletClient,
      calls: [
        smartAccountCall({ to: fundTarget(deployment, functionName), abi: fundWithTokenErrorsAbi, functionName, args }),
      ],
      successMessage,
      errorContext: parameters.errorContext,
      bundlerUrl,
      bundlerTransport,
      onUserOperationSubmitted,
      onGasPayment,
      onReceipt: parameters.onReceipt,
    });
    if (result.hash) parameters.onSubmitted?.(result.hash);
    return {
      hash: result.success ? result.hash : null,
      success: result.success,
      message: result.message,
      kind: result.kind,
    };
  }
  try {
    const account = walletClient.account ?? requireAccount(parameters);
    // The call as simulated is the call as sent (viem's `request` would be the same fields, with the ABI cut down to
    // the one function).
    // Checked where it is built (`FundWriteCall`); the union of every fund and governor function is too deep for
    // viem's inference, so the simulation and the send take it as a plain contract call of the merged ABI.
    const call: {
      address: Address;
      abi: Abi;
      functionName: string;
      args: readonly unknown[];
      account: typeof account;
    } = {
      address: fundTarget(deployment, functionName),
      abi: fundWithTokenErrorsAbi,
      functionName,
      args,
      account,
    };
    try {
      await simulateContract(publicClient, call);
    } catch (error) {
      // Only the fund's top role (its FundTimelock) may make this change: it is scheduled there and waits the delay.
      if (waitsInTimelock(error, deployment)) {
        const { scheduled: _, ...result } = await scheduleFundChange({
          ...parameters,
          call: { functionName, args } as FundWriteCall,
        });
        return result;
      }
      throw error;
    }
    const gas = await pendingGasLimit(parameters, account);
    const hash = await writeContract(walletClient, {
      ...call,
      ...(gas === undefined ? {} : { gas }),
      chain: walletClient.chain,
    });
    parameters.onSubmitted?.(hash);
    if (parameters.waitForReceipt !== false || parameters.onReceipt) {
      const receipt = await waitForTransactionReceipt(publicClient, { hash });
      if (receipt.status !== "success")
        return { hash: null, success: false, message: errorMessages.executionFailed, kind: "reverted" };
      parameters.onReceipt?.(receipt);
    }
    return { hash, success: true, message: successMessage, kind: null };
  } catch (error) {
    return failure(error, parameters.errorContext);
  }
}
