import { actionMessages } from "../messages.js";
import { sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type ClaimFundFeesParameters = WriteContext;

/** Sends the fund's accrued share of profits to the fund wallet (anyone may call it). */
export async function claimFundFees(parameters: ClaimFundFeesParameters): Promise<WriteResult> {
  return sendFundTransaction({
    ...parameters,
    functionName: "claimFundFees",
    args: [],
    successMessage: actionMessages.claimFundFees,
  });
}
