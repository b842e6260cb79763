import {
  type Deployment,
  fundGovernorAbi,
  getLogsInChunks,
  getProposals,
  getVoteChoices,
  governorContract,
  type VoteChoice,
} from "@fundament/sdk";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type Address, getAbiItem } from "viem";
import { getBlock, getBlockNumber } from "viem/actions";
import type { FundClient } from "../../shared/hooks/useFundClient";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";

export const PROPOSALS_PAGE_SIZE = 5;

export const governanceKeys = {
  proposals: (page: number, voter: Address | undefined) =>
    [CHAIN_KEY, "governance", "proposals", page, voter ?? null] as const,
  voteChoices: (voter: Address | undefined, ids: readonly bigint[]) =>
    [CHAIN_KEY, "governance", "vote-choices", voter ?? null, ids.map(String)] as const,
  voters: (ids: readonly bigint[]) => [CHAIN_KEY, "governance", "voters", ids.map(String)] as const,
};

/** One vote cast on a proposal: who, which way. */
export type ProposalVoter = { voter: Address; choice: VoteChoice };

const votedEvent = getAbiItem({ abi: fundGovernorAbi, name: "Voted" });

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
 * Who voted on the proposals `ids` (those on screen), and which way, in the order they voted: the contract's `Voted`
 * events filtered on the proposal ids (one `eth_getLogs` where the provider accepts the whole span). Keyed by
 * proposal id; a proposal nobody voted on is absent.
 */
export const votersQuery = (client: FundClient, deployment: Deployment, ids: readonly bigint[]) =>
  queryOptions({
    queryKey: governanceKeys.voters(ids),
    queryFn: async (): Promise<Record<string, ProposalVoter[]>> => {
      const fromBlock = deployment.deploymentBlock;
      const toBlock = await getBlockNumber(client, { cacheTime: 0 });
      if (toBlock < fromBlock) return {};
      const logs = await getLogsInChunks(client, {
        address: governorContract(deployment).address,
        event: votedEvent,
        args: { proposalId: [...ids] },
        fromBlock,
        toBlock,
        initialRange: toBlock - fromBlock + 1n,
      });
      const voters: Record<string, ProposalVoter[]> = {};
      for (const log of logs) {
        const id = String(log.args.proposalId);
        const list = voters[id] ?? [];
        list.push({ voter: log.args.voter as Address, choice: log.args.support ? "for" : "against" });
        voters[id] = list;
      }
      return voters;
    },
    enabled: ids.length > 0,
  });
