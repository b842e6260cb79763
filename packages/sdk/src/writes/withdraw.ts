import { actionMessages } from "../messages.js";
import { sendVaultCall } from "./sendVaultCall.js";
import type { WriteContext, WriteResult } from "./types.js";

export type WithdrawParameters = WriteContext & { vaultId: number | bigint };

/** Withdraws the investor's position in a vault: a settled pool's payout, or a refund while the pool is open. */
export async function withdraw(parameters: WithdrawParameters): Promise<WriteResult> {
  return sendVaultCall(parameters, "withdraw", actionMessages.withdraw);
}
