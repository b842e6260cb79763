import { FundamentError } from "../baseErrors.js";
import { actionMessages } from "../messages.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type SetLockupPeriodDurationParameters = WriteContext & {
  vaultId: number | bigint;
  /** The vault's next lockups' length, in whole seconds (1 hour to 365 days). */
  seconds: number | bigint;
};

/** Sets the lockup length of a vault's next lockup (admin). */
export async function setLockupPeriodDuration(parameters: SetLockupPeriodDurationParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"setLockupPeriodDuration">;
  try {
    const { seconds } = parameters;
    if (typeof seconds === "number" && (!Number.isSafeInteger(seconds) || seconds < 0)) {
      throw new FundamentError("Enter the lockup period in whole seconds.");
    }
    args = [vaultIdArg(parameters.vaultId), BigInt(seconds)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "setLockupPeriodDuration",
    args,
    successMessage: actionMessages.setLockupPeriodDuration,
  });
}
