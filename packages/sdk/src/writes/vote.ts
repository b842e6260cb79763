import { resultMessages } from "../messages.js";
import { voteSupport } from "../utils/voteSupport.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type VoteParameters = WriteContext & {
  proposalId: number | bigint /** "for" votes for; any other choice votes against (spec section 5). */;
  choice: string;
};

/** Votes on a proposal: "Voting transaction submitted". */
export async function vote(parameters: VoteParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"vote">;
  try {
    args = [BigInt(parameters.proposalId), voteSupport(parameters.choice)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({ ...parameters, functionName: "vote", args, successMessage: resultMessages.vote });
}
