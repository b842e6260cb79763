import type { Address, Hex, WalletClient } from "viem";
import { getChainId, signTypedData } from "viem/actions";
import { type Deployment, governorAddress } from "../deployment/deployment.js";
import { resultMessages } from "../messages.js";
import { type VoteType, voteTypeNumber } from "./castVote.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

/** The EIP-712 type the governor checks in `castVoteBySig` (its `BALLOT_TYPEHASH`). */
export const ballotTypes = {
  Ballot: [
    { name: "proposalId", type: "uint256" },
    { name: "support", type: "uint8" },
    { name: "voter", type: "address" },
    { name: "reason", type: "string" },
  ],
} as const;

export type Ballot = { proposalId: bigint; choice: VoteType; voter: Address; reason: string };

/**
 * Signs a vote without sending it (no gas): a relayer, a smart account's bundler or anyone else then carries it with
 * `castVoteBySig`. The signature binds the proposal, the choice and the reason to the governor on this chain.
 */
export async function signBallot(
  walletClient: WalletClient,
  { deployment, ballot }: { deployment: Deployment; ballot: Ballot },
): Promise<Hex> {
  const account = walletClient.account ?? ballot.voter;
  const chainId = walletClient.chain?.id ?? (await getChainId(walletClient));
  return signTypedData(walletClient, {
    account,
    domain: { name: "FundGovernor", version: "1", chainId, verifyingContract: governorAddress(deployment) },
    types: ballotTypes,
    primaryType: "Ballot",
    message: {
      proposalId: ballot.proposalId,
      support: voteTypeNumber(ballot.choice),
      voter: ballot.voter,
      reason: ballot.reason,
    },
  });
}

export type CastVoteBySigParameters = WriteContext & { ballot: Ballot; signature: Hex };

/** Sends a vote someone else signed (`signBallot`), paying its gas: "Voting transaction submitted". */
export async function castVoteBySig(parameters: CastVoteBySigParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"castVoteBySig">;
  try {
    const { proposalId, choice, voter, reason } = parameters.ballot;
    args = [proposalId, voteTypeNumber(choice), voter, reason, parameters.signature];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "castVoteBySig",
    args,
    successMessage: resultMessages.vote,
  });
}
