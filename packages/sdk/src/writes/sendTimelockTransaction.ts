import type { ContractFunctionArgs, ContractFunctionName, TransactionReceipt } from "viem";
import { simulateContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import { fundTimelockAbi } from "../abi/index.js";
import { FundamentError } from "../baseErrors.js";
import { errorMessages } from "../messages.js";
import { failure } from "./failure.js";
import { requireAccount } from "./requireAccount.js";
import type { WriteContext, WriteResult } from "./types.js";

type TimelockWriteName = ContractFunctionName<typeof fundTimelockAbi, "nonpayable" | "payable">;

/** A call of the fund's timelock: a function name and its arguments, checked against the ABI. */
export type TimelockWriteCall = {
  [name in TimelockWriteName]: {
    functionName: name;
    args: ContractFunctionArgs<typeof fundTimelockAbi, "nonpayable" | "payable", name>;
  };
}[TimelockWriteName];

/**
 * One write to the fund's `FundTimelock`: simulated first (a refusal becomes the catalogue's words before any wallet
 * prompt), sent, and its receipt awaited. Never throws: failures come back as a failed `WriteResult`.
 */
export async function sendTimelockTransaction(
  parameters: WriteContext &
    TimelockWriteCall & { successMessage: string; onReceipt?: (receipt: TransactionReceipt) => void },
): Promise<WriteResult> {
  const { deployment, publicClient, walletClient, functionName, args } = parameters;
  try {
    const timelock = deployment.fundTimelock;
    if (!timelock) throw new FundamentError("This fund has no timelock: its admin changes apply at once.");
    const account = walletClient.account ?? requireAccount(parameters);
    const call = { address: timelock, abi: fundTimelockAbi, functionName, args, account } as const;
    // biome-ignore lint/suspicious/noExplicitAny: the union of calls is checked above; viem's overloads cannot follow it.
    await simulateContract(publicClient, call as any);
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const hash = await writeContract(walletClient, { ...(call as any), chain: walletClient.chain });
    parameters.onSubmitted?.(hash);
    const receipt = await waitForTransactionReceipt(publicClient, { hash });
    if (receipt.status !== "success") {
      return { hash: null, success: false, message: errorMessages.executionFailed, kind: "reverted" };
    }
    parameters.onReceipt?.(receipt);
    return { hash, success: true, message: parameters.successMessage, kind: null };
  } catch (error) {
    return failure(error);
  }
}
