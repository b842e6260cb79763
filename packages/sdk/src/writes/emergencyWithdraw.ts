import { actionMessages } from "../messages.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type EmergencyWithdrawParameters = WriteContext & { vaultId: number | bigint };

/** Withdraws the investor's position in a vault during an emergency. */
export async function emergencyWithdraw(parameters: EmergencyWithdrawParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"emergencyWithdraw">;
  try {
    args = [vaultIdArg(parameters.vaultId)];
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
