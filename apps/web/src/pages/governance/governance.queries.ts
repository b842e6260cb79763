import {
  type Deployment,
  type FundErrorContext,
  fundGovernorAbi,
  getLogsInChunks,
  getProposals,
  getVoteChoices,
  governorContract,
  type ProposalAction,
  simulateProposalActions,
  type VoteChoice,
} from "@fundament/sdk";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type Address, getAbiItem } from "viem";
import { getBlock, getBlockNumber, readContract } from "viem/actions";
import type { FundClient } from "../../shared/hooks/useFundClient";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";

export const PROPOSALS_PAGE_SIZE = 5;

export const governanceKeys = {
  proposals: (page: number, voter: Address | undefined) =>
    [CHAIN_KEY, "governance", "proposals", page, voter ?? null] as const,
  voteChoices: (voter: Address | undefined, ids: readonly bigint[]) =>
    [CHAIN_KEY, "governance", "vote-choices", voter ?? null, ids.map(String)] as const,
  voters: (ids: readonly bigint[]) => [CHAIN_KEY, "governance", "voters", ids.map(String)] as const,
  simulation: (id: bigint, actions: readonly ProposalAction[]) =>
    [CHAIN_KEY, "governance", "simulation", id.toString(), actions.map((a) => a.calldata)] as const,
};

/** One vote cast on a proposal: who, which way, and why ("" when unsaid). */
export type ProposalVoter = { voter: Address; choice: VoteChoice; reason: string };

const votedEvent = getAbiItem({ abi: fundGovernorAbi, name: "Voted" });
const voteCastEvent = getAbiItem({ abi: fundGovernorAbi, name: "VoteCast" });
/** `VoteCast`'s `support`: the governor's `VoteType` order. */
const VOTE_TYPES = ["against", "for", "abstain"] as const satisfies readonly VoteChoice[];

/**
 * One page of proposals, newest first, with the chain's time (seconds of the latest block): time left is
 * counted on the chain's clock, which a local chain may have moved ahead of the wall clock. With a voter, each
 * proposal says whether that account has voted and the weight it votes with (its principal when the proposal was
 * created), in the same multicall as the proposals.
 */
export const proposalsQuery = (client: FundClient, deployment: Deployment, page: number, voter: Address | undefined) =>
  queryOptions({
    queryKey: governanceKeys.proposals(page, voter),
    queryFn: async () => {
      const [result, block] = await Promise.all([
        getProposals(client, { deployment, offset: page * PROPOSALS_PAGE_SIZE, limit: PROPOSALS_PAGE_SIZE, voter }),
        getBlock(client, { blockTag: "latest" }),
      ]);
      return { ...result, chainTime: Number(block.timestamp) };
    },
    placeholderData: keepPreviousData,
  });

/**
 * Which way `voter` voted on the proposals `ids` (those on screen it has voted on): the contract keeps only
 * `hasVoted`, the choice is in its `Voted` events. Only asked for when there is such a proposal; votes never change,
 * so the answer stays fresh until the next transaction.
 */
export const voteChoicesQuery = (
  client: FundClient,
  deployment: Deployment,
  voter: Address | undefined,
  ids: readonly bigint[],
) =>
  queryOptions({
    queryKey: governanceKeys.voteChoices(voter, ids),
    queryFn: async () => {
      const votes = await getVoteChoices(client, { deployment, voter: voter as Address, proposalIds: ids });
      return Object.fromEntries(votes.map((v) => [v.proposalId.toString(), v.choice]));
    },
    enabled: Boolean(voter) && ids.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Who voted on the proposals `ids` (those on screen), which way and why, in the order they voted: the governor's
 * `Voted` (`vote`) and `VoteCast` (`castVote`, `castVoteBySig`: abstain and a reason) events filtered on the proposal
 * ids (one `eth_getLogs` per event where the provider accepts the whole span). Keyed by proposal id; a proposal
 * nobody voted on is absent.
 */
export const votersQuery = (client: FundClient, deployment: Deployment, ids: readonly bigint[]) =>
  queryOptions({
    queryKey: governanceKeys.voters(ids),
    queryFn: async (): Promise<Record<string, ProposalVoter[]>> => {
      const fromBlock = deployment.deploymentBlock;
      const toBlock = await getBlockNumber(client, { cacheTime: 0 });
      if (toBlock < fromBlock) return {};
      const range = {
        address: governorContract(deployment).address,
        args: { proposalId: [...ids] },
        fromBlock,
        toBlock,
        initialRange: toBlock - fromBlock + 1n,
      };
      const [simple, typed] = await Promise.all([
        getLogsInChunks(client, { ...range, event: votedEvent }),
        getLogsInChunks(client, { ...range, event: voteCastEvent }),
      ]);
      const votes = [
        ...simple.map((log) => ({
          log,
          id: String(log.args.proposalId),
          vote: { voter: log.args.voter as Address, choice: log.args.support ? "for" : "against", reason: "" } as const,
        })),
        ...typed.map((log) => ({
          log,
          id: String(log.args.proposalId),
          vote: {
            voter: log.args.voter as Address,
            choice: VOTE_TYPES[Number(log.args.support)] ?? "against",
            reason: log.args.reason ?? "",
          },
        })),
      ].sort((a, b) => inChainOrder(a.log, b.log));
      const voters: Record<string, ProposalVoter[]> = {};
      for (const { id, vote } of votes) {
        const list = voters[id] ?? [];
        list.push(vote);
        voters[id] = list;
      }
      return voters;
    },
    enabled: ids.length > 0,
  });

type Ordered = { blockNumber: bigint | null; logIndex: number | null };

/** Orders two logs as the chain did (block, then position in the block). */
function inChainOrder(a: Ordered, b: Ordered): number {
  const blocks = (a.blockNumber ?? 0n) - (b.blockNumber ?? 0n);
  if (blocks !== 0n) return blocks < 0n ? -1 : 1;
  return (a.logIndex ?? 0) - (b.logIndex ?? 0);
}

/**
 * Each action of a proposal simulated as the fund's timelock would make it on the latest block: whether it would go
 * through if executed now, or the refusal in words (amounts in the token's units). Refreshed with every chain read.
 */
export const simulationQuery = (
  client: FundClient,
  deployment: Deployment,
  id: bigint,
  actions: readonly ProposalAction[],
  errorContext: FundErrorContext,
  enabled = true,
) =>
  queryOptions({
    queryKey: governanceKeys.simulation(id, actions),
    queryFn: () => simulateProposalActions(client, { deployment, actions, errorContext }),
    enabled: enabled && actions.length > 0,
  });

/** The governor's quorum for proposals created from now on, in basis points of what investors hold. */
export const quorumQuery = (client: FundClient, deployment: Deployment) =>
  queryOptions({
    queryKey: [CHAIN_KEY, "governance", "quorum"] as const,
    queryFn: () => readContract(client, { ...governorContract(deployment), functionName: "quorumBasisPoints" }),
  });
