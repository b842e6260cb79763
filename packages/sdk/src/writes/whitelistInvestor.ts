import { resultMessages } from "../messages.js";
import { normalizeAddress } from "../utils/normalizeAddress.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type WhitelistInvestorParameters = WriteContext & { investor: string };

/** Whitelists an investor wallet: "Wallet whitelisted successfully." */
export async function whitelistInvestor(parameters: WhitelistInvestorParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"whitelistInvestor">;
  try {
    args = [normalizeAddress(parameters.investor)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "whitelistInvestor",
    args,
    successMessage: resultMessages.whitelist,
  });
}
