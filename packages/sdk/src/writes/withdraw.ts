import { actionMessages } from "../messages.js";
import { failure } from "./failure.js";
import { sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type WithdrawParameters = WriteContext & Record<never, never>;

/** Withdraws the investor's share of their settled pool. */
export async function withdraw(parameters: WithdrawParameters): Promise<WriteResult> {
  let args: readonly unknown[];
  try {
    args = [];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "withdraw",
    args,
    successMessage: actionMessages.withdraw,
  });
}
