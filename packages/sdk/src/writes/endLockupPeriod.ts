import { actionMessages } from "../messages.js";
import { failure } from "./failure.js";
import { sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type EndLockupPeriodParameters = WriteContext & {
  /** Token units collected back from the trading wallets (must equal what was collected). */ totalReturned: bigint;
};

/** Settles the locked pool after its lockup: splits profit, opens the next pool. */
export async function endLockupPeriod(parameters: EndLockupPeriodParameters): Promise<WriteResult> {
  let args: readonly unknown[];
  try {
    args = [parameters.totalReturned];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "endLockupPeriod",
    args,
    successMessage: actionMessages.settle,
  });
}
