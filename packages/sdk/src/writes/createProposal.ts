import { parseEventLogs, type TransactionReceipt } from "viem";
import { fundGovernorAbi } from "../abi/index.js";
import { EventNotFoundError } from "../baseErrors.js";
import { resultMessages } from "../messages.js";
import { requireDescription, votingPeriodSeconds } from "../utils/proposalInput.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type CreateProposalParameters = WriteContext & {
  description: string;
  /** When voting starts (the form's start; the contract starts it at once). */
  start: Date | number;
  end: Date | number;
};

export type CreateProposalReturnType = WriteResult & {
  /** The new proposal's id, from its `ProposalCreated` event (null on failure). */
  proposalId: bigint | null;
};

/** The new proposal's id from a receipt's `ProposalCreated` event; 'Event not fount' without one. */
export function proposalIdFromReceipt(receipt: Pick<TransactionReceipt, "logs">): bigint {
  const [created] = parseEventLogs({ abi: fundGovernorAbi, eventName: "ProposalCreated", logs: receipt.logs });
  if (!created) throw new EventNotFoundError();
  return created.args.proposalId;
}

/**
 * Creates a proposal whose voting lasts end minus start in whole seconds: "Proposal transaction
 * submitted". The receipt must carry `ProposalCreated`; without it the action fails with 'Event not
 * fount' (spec section 8, spelled as shown).
 */
export async function createProposal(parameters: CreateProposalParameters): Promise<CreateProposalReturnType> {
  let args: FundWriteArgs<"createProposal">;
  try {
    args = [requireDescription(parameters.description), votingPeriodSeconds(parameters.start, parameters.end)];
  } catch (error) {
    return { ...failure(error), proposalId: null };
  }
  let proposalId: bigint | null = null;
  const result = await sendFundTransaction({
    ...parameters,
    functionName: "createProposal",
    args,
    successMessage: resultMessages.createProposal,
    onReceipt: (receipt) => {
      proposalId = proposalIdFromReceipt(receipt);
    },
  });
  return { ...result, proposalId: result.success ? proposalId : null };
}
