import { resultMessages } from "../messages.js";
import { normalizeAddress } from "../utils/normalizeAddress.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type RemoveInvestorFromWhitelistParameters = WriteContext & { investor: string };

/** Removes an investor wallet from the whitelist: "Wallet removed from whitelist." */
export async function removeInvestorFromWhitelist(
  parameters: RemoveInvestorFromWhitelistParameters,
): Promise<WriteResult> {
  let args: FundWriteArgs<"removeInvestorFromWhitelist">;
  try {
    args = [normalizeAddress(parameters.investor)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "removeInvestorFromWhitelist",
    args,
    successMessage: resultMessages.delist,
  });
}
