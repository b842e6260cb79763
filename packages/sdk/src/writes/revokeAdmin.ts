import { resultMessages } from "../messages.js";
import { ADMIN_ROLE } from "../reads/fundContract.js";
import { normalizeAddress } from "../utils/normalizeAddress.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type RevokeAdminParameters = WriteContext & { account: string };

/** Revokes the admin role: "Admin wallet removed successfully." */
export async function revokeAdmin(parameters: RevokeAdminParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"revokeRole">;
  try {
    args = [ADMIN_ROLE, normalizeAddress(parameters.account)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "revokeRole",
    args,
    successMessage: resultMessages.revokeAdmin,
  });
}
