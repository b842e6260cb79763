import { resultMessages } from "../messages.js";
import { normalizeAddress } from "../utils/normalizeAddress.js";
import { parseAllocation } from "../utils/parseAllocation.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type AddTradingWalletParameters = WriteContext & {
  /** The vault whose (open) pool gets the wallet; the vault's later pools inherit its list. */
  vaultId: number | bigint;
  wallet: string;
  walletType: string /** Basis points (1-10,000) of the pool sent to this wallet at lockup. */;
  allocation: number | string | bigint;
};

/** Adds a trading wallet to a vault (its open pool): "Trading wallet added successfully." */
export async function addTradingWallet(parameters: AddTradingWalletParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"addTradingWallet">;
  try {
    args = [
      vaultIdArg(parameters.vaultId),
      normalizeAddress(parameters.wallet),
      parameters.walletType.trim(),
      parseAllocation(parameters.allocation),
    ];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "addTradingWallet",
    args,
    successMessage: resultMessages.addTradingWallet,
  });
}
