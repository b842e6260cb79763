import { actionMessages } from "../messages.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type WithdrawParameters = WriteContext & { vaultId: number | bigint };

/** Withdraws the investor's position in a vault: a settled pool's payout, or a refund while the pool is open. */
export async function withdraw(parameters: WithdrawParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"withdraw">;
  try {
    args = [vaultIdArg(parameters.vaultId)];
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
