import { actionMessages } from "../messages.js";
import { sendVaultCall } from "./sendVaultCall.js";
import type { WriteContext, WriteResult } from "./types.js";

export type EmergencyWithdrawParameters = WriteContext & { vaultId: number | bigint };

/** Withdraws the investor's position in a vault during an emergency. */
export async function emergencyWithdraw(parameters: EmergencyWithdrawParameters): Promise<WriteResult> {
  return sendVaultCall(parameters, "emergencyWithdraw", actionMessages.emergencyWithdraw);
}
