import { resultMessages } from "../messages.js";

import { failure } from "./failure.js";
import { sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type RemoveTradingWalletParameters = WriteContext & {
  /** Position in `getTradingWallets` of the current pool. */ index: number | bigint;
};

/** Removes the current pool's trading wallet at `index`: "Trading wallet removed successfully." */
export async function removeTradingWallet(parameters: RemoveTradingWalletParameters): Promise<WriteResult> {
  let args: readonly unknown[];
  try {
    args = [BigInt(parameters.index)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "removeTradingWallet",
    args,
    successMessage: resultMessages.removeTradingWallet,
  });
}
