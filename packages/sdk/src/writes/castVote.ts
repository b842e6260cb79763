import { FundamentError } from "../baseErrors.js";
import { resultMessages } from "../messages.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

/** A vote's type, as the governor's `VoteType` orders them: against 0, for 1, abstain 2. */
export type VoteType = "against" | "for" | "abstain";

const VOTE_TYPES: Record<VoteType, number> = { against: 0, for: 1, abstain: 2 };

/** The governor's `support` number of a vote type; throws for anything else. */
export function voteTypeNumber(choice: string): number {
  const support = VOTE_TYPES[choice as VoteType];
  if (support === undefined) throw new FundamentError(`Vote for, against, or abstain (not "${choice}").`);
  return support;
}

export type CastVoteParameters = WriteContext & {
  proposalId: number | bigint;
  choice: VoteType;
  /** Why, in the voter's words (may be empty); kept on chain in the `VoteCast` event. */
  reason?: string;
};

/** Votes for, against, or abstains, with a reason (`castVote`): "Voting transaction submitted". */
export async function castVote(parameters: CastVoteParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"castVote">;
  try {
    args = [BigInt(parameters.proposalId), voteTypeNumber(parameters.choice), (parameters.reason ?? "").trim()];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({ ...parameters, functionName: "castVote", args, successMessage: resultMessages.vote });
}
