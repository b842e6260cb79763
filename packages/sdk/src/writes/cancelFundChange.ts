import type { Hex } from "viem";
import { sendTimelockTransaction } from "./sendTimelockTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

/** Cancels a change waiting in the timelock (an admin or the guardian): "Change cancelled." */
export function cancelFundChange(parameters: WriteContext & { id: Hex }): Promise<WriteResult> {
  return sendTimelockTransaction({
    ...parameters,
    functionName: "cancel",
    args: [parameters.id],
    successMessage: "Change cancelled.",
  });
}
