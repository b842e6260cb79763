import {
  type Address,
  type Client,
  getAbiItem,
  type Hash,
  type Log,
  pad,
  parseEventLogs,
  toEventSelector,
  toHex,
} from "viem";
import { getBlockNumber } from "viem/actions";
import { fundGovernorAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { inBlockRanges } from "../utils/getLogsInChunks.js";
import { governorContract } from "./fundContract.js";
import type { VoteChoice } from "./getVoteChoices.js";

/** One vote cast on a proposal: who, which way, with what weight (token units), why ("" if unsaid), and where. */
export type ProposalVoter = {
  proposalId: bigint;
  voter: Address;
  choice: VoteChoice;
  /** The voter's invested principal when the proposal was created, in token units. */
  weight: bigint;
  reason: string;
  blockNumber: bigint;
  transactionHash: Hash;
};

export type GetProposalVotersParameters = {
  deployment: Deployment;
  /** The proposals to list the voters of (e.g. the ones on screen). */
  proposalIds: readonly bigint[];
  /** First block to search; the deployment block by default. */
  fromBlock?: bigint;
  /** First `getLogs` range in blocks; the whole span by default (halved where a provider refuses it). */
  initialRange?: bigint;
};

/** Every vote on the proposals asked for, largest weight first (ties in the order they were cast). */
export type GetProposalVotersReturnType = ProposalVoter[];

/** `VoteCast`'s `support`: the governor's `VoteType` order. */
const VOTE_TYPES = ["against", "for", "abstain"] as const satisfies readonly VoteChoice[];
const voted = getAbiItem({ abi: fundGovernorAbi, name: "Voted" });
const voteCast = getAbiItem({ abi: fundGovernorAbi, name: "VoteCast" });

/**
 * Who voted on `proposalIds`, which way, with what weight and why: the governor's `Voted(proposalId, voter, support,
 * weight)` events (`vote`) and `VoteCast(proposalId, voter, support, weight, reason)` events (`castVote`,
 * `castVoteBySig`) from the deployment block. One `eth_getLogs` for both events, filtered on the proposal ids, over the
 * whole span where the provider accepts it (smaller ranges where it refuses), after one block-number request.
 * Largest weight first, as Tally lists voters; equal weights in the order they were cast.
 */
export async function getProposalVoters(
  client: Client,
  { deployment, proposalIds, fromBlock = deployment.deploymentBlock, initialRange }: GetProposalVotersParameters,
): Promise<GetProposalVotersReturnType> {
  if (proposalIds.length === 0) return [];
  const toBlock = await getBlockNumber(client, { cacheTime: 0 });
  if (toBlock < fromBlock) return [];
  // Both events index the proposal id first: one `eth_getLogs` for either event's topic.
  const topics = [[toEventSelector(voted), toEventSelector(voteCast)], proposalIds.map((id) => pad(toHex(id)))];
  const address = governorContract(deployment).address;
  const logs = await inBlockRanges(
    { fromBlock, toBlock, initialRange: initialRange ?? toBlock - fromBlock + 1n },
    (from, to) =>
      client.request({
        method: "eth_getLogs",
        params: [{ address, topics, fromBlock: toHex(from), toBlock: toHex(to) }],
      }),
  );
  const votes = parseEventLogs({ abi: [voted, voteCast], logs: logs as Log[] }).map(
    (log): ProposalVoter & { logIndex: number } => ({
      proposalId: log.args.proposalId,
      voter: log.args.voter,
      choice:
        log.eventName === "Voted"
          ? log.args.support
            ? "for"
            : "against"
          : (VOTE_TYPES[log.args.support] ?? "against"),
      weight: log.args.weight,
      reason: log.eventName === "VoteCast" ? log.args.reason : "",
      blockNumber: log.blockNumber,
      transactionHash: log.transactionHash,
      logIndex: log.logIndex,
    }),
  );
  return votes.sort(largestFirst).map(({ logIndex: _, ...vote }) => vote);
}

type Sortable = { weight: bigint; blockNumber: bigint; logIndex: number };

/** Larger weight first; equal weights as the chain ordered them (block, then position in the block). */
function largestFirst(a: Sortable, b: Sortable): number {
  if (a.weight !== b.weight) return a.weight > b.weight ? -1 : 1;
  if (a.blockNumber !== b.blockNumber) return a.blockNumber < b.blockNumber ? -1 : 1;
  return a.logIndex - b.logIndex;
}
