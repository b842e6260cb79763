import { actionMessages } from "../messages.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type SyncPositionsParameters = WriteContext & {
  /** The investors whose positions to bring up to date (`findWipedPositions`). */
  accounts: readonly `0x${string}`[];
  vaultId: number | bigint;
};

/**
 * Brings investors' positions in a vault up to date in one transaction (anyone may): rolling positions a total loss
 * wiped out stop counting as voting power at once, instead of when their owners next touch the vault.
 */
export async function syncPositions(parameters: SyncPositionsParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"syncPositions">;
  try {
    args = [[...parameters.accounts], BigInt(parameters.vaultId)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "syncPositions",
    args,
    successMessage: actionMessages.synced,
  });
}
