import { actionMessages } from "../messages.js";
import { normalizeAddress } from "../utils/normalizeAddress.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type CollectFundsFromTradingWalletParameters = WriteContext & {
  /** The vault whose locked pool the funds return to. */
  vaultId: number | bigint;
  wallet: string;
  /** Token units. */
  amount: bigint;
};

/** Pulls funds back from a trading wallet of the vault's locked pool (the wallet must have approved the fund). */
export async function collectFundsFromTradingWallet(
  parameters: CollectFundsFromTradingWalletParameters,
): Promise<WriteResult> {
  let args: FundWriteArgs<"collectFundsFromTradingWallet">;
  try {
    args = [vaultIdArg(parameters.vaultId), normalizeAddress(parameters.wallet), parameters.amount];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "collectFundsFromTradingWallet",
    args,
    successMessage: actionMessages.collect,
  });
}
