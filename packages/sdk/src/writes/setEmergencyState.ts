import { actionMessages } from "../messages.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type SetEmergencyStateParameters = WriteContext & { emergencyState: boolean };

/** Turns the emergency state on or off. */
export async function setEmergencyState(parameters: SetEmergencyStateParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"setEmergencyState">;
  try {
    args = [parameters.emergencyState];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "setEmergencyState",
    args,
    successMessage: parameters.emergencyState ? actionMessages.emergencyOn : actionMessages.emergencyOff,
  });
}
