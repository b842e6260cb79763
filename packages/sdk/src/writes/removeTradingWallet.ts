import { resultMessages } from "../messages.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type RemoveTradingWalletParameters = WriteContext & {
  vaultId: number | bigint;
  /** Position in `getTradingWallets` of the vault's current pool. */
  index: number | bigint;
};

/** Removes the vault's trading wallet at `index` (its pool must be open): "Trading wallet removed successfully." */
export async function removeTradingWallet(parameters: RemoveTradingWalletParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"removeTradingWallet">;
  try {
    args = [vaultIdArg(parameters.vaultId), BigInt(parameters.index)];
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
