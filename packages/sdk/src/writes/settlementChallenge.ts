import { actionMessages } from "../messages.js";
import { sendVaultCall } from "./sendVaultCall.js";
import type { WriteContext, WriteResult } from "./types.js";

export type FinalizeSettlementParameters = WriteContext & { vaultId: number | bigint };
export type VetoSettlementParameters = WriteContext & { vaultId: number | bigint };
export type CosignSettlementParameters = WriteContext & { vaultId: number | bigint };

/**
 * Makes a vault's proposed settlement final once its challenge window has passed (anyone): the round settles exactly
 * as proposed and the vault's next round opens. Before the window's end the contract refuses with the time it ends.
 */
export async function finalizeSettlement(parameters: FinalizeSettlementParameters): Promise<WriteResult> {
  return sendVaultCall(parameters, "finalizeSettlement", actionMessages.finalizeSettlement);
}

/**
 * Vetoes a vault's proposed settlement before it is final (the guardian or an admin): nothing moves, the round stays
 * locked and the desk can collect again and propose anew.
 */
export async function vetoSettlement(parameters: VetoSettlementParameters): Promise<WriteResult> {
  return sendVaultCall(parameters, "vetoSettlement", actionMessages.vetoSettlement);
}

/**
 * Co-signs a vault's proposed settlement that lies outside the vault's bounds (a guardian only): without it the
 * settlement never becomes final; with it, it still waits its challenge window.
 */
export async function cosignSettlement(parameters: CosignSettlementParameters): Promise<WriteResult> {
  return sendVaultCall(parameters, "cosignSettlement", actionMessages.cosignSettlement);
}
