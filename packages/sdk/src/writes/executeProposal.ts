import { actionMessages } from "../messages.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type ExecuteProposalParameters = WriteContext & { proposalId: number | bigint };

/** Executes a passed proposal after its voting period. */
export async function executeProposal(parameters: ExecuteProposalParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"executeProposal">;
  try {
    args = [BigInt(parameters.proposalId)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "executeProposal",
    args,
    successMessage: actionMessages.execute,
  });
}
