import { resultMessages } from "../messages.js";
import { ADMIN_ROLE } from "../reads/fundContract.js";
import { normalizeAddress } from "../utils/normalizeAddress.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type GrantAdminParameters = WriteContext & { account: string };

/** Grants the admin role: "Admin wallet added successfully." */
export async function grantAdmin(parameters: GrantAdminParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"grantRole">;
  try {
    args = [ADMIN_ROLE, normalizeAddress(parameters.account)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "grantRole",
    args,
    successMessage: resultMessages.grantAdmin,
  });
}
