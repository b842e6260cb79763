import { actionMessages } from "../messages.js";
import { sendVaultCall } from "./sendVaultCall.js";
import type { WriteContext, WriteResult } from "./types.js";

export type StartLockupPeriodParameters = WriteContext & { vaultId: number | bigint };

/** Locks the vault's open pool and sends its funds to the vault's trading wallets. */
export async function startLockupPeriod(parameters: StartLockupPeriodParameters): Promise<WriteResult> {
  return sendVaultCall(parameters, "startLockupPeriod", actionMessages.startLockup);
}
