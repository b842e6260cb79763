import { actionMessages } from "../messages.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type SyncPositionParameters = WriteContext & { account: `0x${string}`; vaultId: number | bigint };

/**
 * Brings an investor's position up to date (anyone may): a rolling position a total loss wiped out stops counting as
 * voting power at once, instead of when its owner next touches the vault.
 */
export async function syncPosition(parameters: SyncPositionParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"syncPosition">;
  try {
    args = [parameters.account, BigInt(parameters.vaultId)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "syncPosition",
    args,
    successMessage: actionMessages.synced,
  });
}
