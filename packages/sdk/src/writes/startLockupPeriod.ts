import { actionMessages } from "../messages.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type StartLockupPeriodParameters = WriteContext & { vaultId: number | bigint };

/** Locks the vault's open pool and sends its funds to the vault's trading wallets. */
export async function startLockupPeriod(parameters: StartLockupPeriodParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"startLockupPeriod">;
  try {
    args = [vaultIdArg(parameters.vaultId)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "startLockupPeriod",
    args,
    successMessage: actionMessages.startLockup,
  });
}
