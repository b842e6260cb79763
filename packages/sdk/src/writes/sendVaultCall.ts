import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

/** The fund's writes whose only argument is a vault id. */
export type VaultCallName =
  | "withdraw"
  | "emergencyWithdraw"
  | "startLockupPeriod"
  | "finalizeSettlement"
  | "vetoSettlement"
  | "cosignSettlement";

/** A write on one vault: the caller's context and the vault's id (a number or a bigint, parsed here once). */
export type VaultCallParameters = WriteContext & { vaultId: number | bigint };

/**
 * Sends `functionName(vaultId)`: the vault id is checked first (a bad one fails in words, before any prompt), then the
 * call goes through `sendFundTransaction` (simulated, sent, its revert said in the catalogue's words).
 */
export async function sendVaultCall(
  parameters: VaultCallParameters,
  functionName: VaultCallName,
  successMessage: string,
): Promise<WriteResult> {
  let vaultId: bigint;
  try {
    vaultId = vaultIdArg(parameters.vaultId);
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({ ...parameters, functionName, args: [vaultId], successMessage });
}
