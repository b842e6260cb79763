import { actionMessages } from "../messages.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type SetPausedParameters = WriteContext & {
  /** The vault to pause or resume; 0 for every vault (and vaults created later). */
  vaultId: number | bigint;
  paused: boolean;
};

/**
 * Pauses (an admin or the guardian) or resumes (an admin only) deposits and new rounds of a vault, or of every vault.
 * Exits stay open either way.
 */
export async function setPaused(parameters: SetPausedParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"setPaused">;
  try {
    args = [BigInt(parameters.vaultId), parameters.paused];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "setPaused",
    args,
    successMessage: parameters.paused ? actionMessages.paused : actionMessages.resumed,
  });
}
