import { resultMessages } from "../messages.js";
import { requireDescription, votingPeriodSeconds } from "../utils/proposalInput.js";
import { failure } from "./failure.js";
import { sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type CreateProposalParameters = WriteContext & {
  description: string /** When voting starts (the form's start; the contract starts it at once). */;
  start: Date | number;
  end: Date | number;
};

/** Creates a proposal whose voting lasts end minus start in whole seconds: "Proposal transaction submitted". */
export async function createProposal(parameters: CreateProposalParameters): Promise<WriteResult> {
  let args: readonly unknown[];
  try {
    args = [requireDescription(parameters.description), votingPeriodSeconds(parameters.start, parameters.end)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "createProposal",
    args,
    successMessage: resultMessages.createProposal,
  });
}
