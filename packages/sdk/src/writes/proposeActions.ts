import { FundamentError } from "../baseErrors.js";
import { fundLimits } from "../fundLimits.js";
import { resultMessages } from "../messages.js";
import type { ProposalAction } from "../reads/getProposals.js";
import { requireDescription, votingPeriodSeconds } from "../utils/proposalInput.js";
import { type CreateProposalReturnType, proposalIdFromReceipt } from "./createProposal.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext } from "./types.js";

export type ProposeActionsParameters = WriteContext & {
  description: string;
  /** When voting starts (the form's start; the contract starts it at once). */
  start: Date | number;
  end: Date | number;
  /** The calls the fund's timelock makes once the proposal has passed and waited its delay (1 to 10). */
  actions: readonly ProposalAction[];
};

/** Checks a proposal's action list before any prompt (the contract's `InvalidActions`, in its words). */
function actionLists(actions: readonly ProposalAction[]): [`0x${string}`[], bigint[], `0x${string}`[]] {
  if (actions.length === 0 || actions.length > fundLimits.MAX_PROPOSAL_ACTIONS) {
    throw new FundamentError(
      `A proposal carries 1 to ${fundLimits.MAX_PROPOSAL_ACTIONS} actions; this one has ${actions.length}.`,
    );
  }
  return [actions.map((a) => a.target), actions.map((a) => a.value), actions.map((a) => a.calldata)];
}

/**
 * Creates a proposal that carries on-chain actions (`propose`): once it has passed, anyone queues them in the fund's
 * timelock, and after its delay anyone executes them. "Proposal transaction submitted"; the id from `ProposalCreated`.
 */
export async function proposeActions(parameters: ProposeActionsParameters): Promise<CreateProposalReturnType> {
  let args: FundWriteArgs<"propose">;
  try {
    const [targets, values, calldatas] = actionLists(parameters.actions);
    const description = requireDescription(parameters.description);
    args = [targets, values, calldatas, description, votingPeriodSeconds(parameters.start, parameters.end)];
  } catch (error) {
    return { ...failure(error), proposalId: null };
  }
  let proposalId: bigint | null = null;
  const result = await sendFundTransaction({
    ...parameters,
    functionName: "propose",
    args,
    successMessage: resultMessages.createProposal,
    onReceipt: (receipt) => {
      proposalId = proposalIdFromReceipt(receipt);
    },
  });
  return { ...result, proposalId: result.success ? proposalId : null };
}

export { actionLists };
