import { actionMessages } from "../messages.js";
import type { ProposalAction } from "../reads/getProposals.js";
import { failure } from "./failure.js";
import { actionLists } from "./proposeActions.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type QueueProposalParameters = WriteContext & {
  proposalId: number | bigint;
  /** The proposal's actions exactly as proposed (`ProposalView.actions`). */
  actions: readonly ProposalAction[];
};

/** Queues a passed proposal's actions in the fund's timelock (anyone may): they wait its delay, then anyone executes. */
export async function queueProposal(parameters: QueueProposalParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"queue">;
  try {
    args = [BigInt(parameters.proposalId), ...actionLists(parameters.actions)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({ ...parameters, functionName: "queue", args, successMessage: actionMessages.queued });
}

/** Executes a queued proposal's actions through the timelock once its delay has passed (anyone may). */
export async function executeProposalActions(parameters: QueueProposalParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"execute">;
  try {
    args = [BigInt(parameters.proposalId), ...actionLists(parameters.actions)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "execute",
    args,
    successMessage: actionMessages.executedActions,
  });
}
