import { actionMessages } from "../messages.js";
import { failure } from "./failure.js";
import { sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type EmergencyWithdrawParameters = WriteContext & Record<never, never>;

/** Withdraws the investor's pro-rata share during an emergency. */
export async function emergencyWithdraw(parameters: EmergencyWithdrawParameters): Promise<WriteResult> {
  let args: readonly unknown[];
  try {
    args = [];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "emergencyWithdraw",
    args,
    successMessage: actionMessages.emergencyWithdraw,
  });
}
