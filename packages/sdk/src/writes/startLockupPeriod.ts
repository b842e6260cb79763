import { actionMessages } from "../messages.js";
import { failure } from "./failure.js";
import { sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type StartLockupPeriodParameters = WriteContext & Record<never, never>;

/** Locks the current pool and sends its funds to the trading wallets. */
export async function startLockupPeriod(parameters: StartLockupPeriodParameters): Promise<WriteResult> {
  let args: readonly unknown[];
  try {
    args = [];
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
