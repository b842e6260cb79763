import { actionMessages } from "../messages.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type SetRollOverParameters = WriteContext & {
  vaultId: number | bigint;
  /** On: at each settlement the position's principal plus profit moves into the vault's next round. */
  enabled: boolean;
};

/**
 * Sets the investor's standing roll-over choice for a vault (allowed while the pool is open or locked; refused while
 * the position waits in a settled pool: withdraw that payout first).
 */
export async function setRollOver(parameters: SetRollOverParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"setRollOver">;
  try {
    args = [vaultIdArg(parameters.vaultId), parameters.enabled];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "setRollOver",
    args,
    successMessage: parameters.enabled ? actionMessages.rollOverOn : actionMessages.rollOverOff,
  });
}
