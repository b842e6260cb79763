import { actionMessages } from "../messages.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type WindDownParameters = WriteContext & {
  /** The vault to wind down; 0 for the whole fund. */
  vaultId: number | bigint;
};

/**
 * Winds a vault (or the whole fund) down, for good (an admin or the guardian): no deposit and no new round; the round
 * in progress settles as usual and every position can then be withdrawn.
 */
export async function windDown(parameters: WindDownParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"windDown">;
  try {
    args = [BigInt(parameters.vaultId)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "windDown",
    args,
    successMessage: actionMessages.windDown,
  });
}
