import {
  type Deployment,
  type FundErrorContext,
  getProposalExecutions,
  getProposals,
  getProposalVoters,
  getVoteChoices,
  governorContract,
  type ProposalAction,
  type ProposalExecution,
  type ProposalVoter,
  simulateProposalActions,
} from "@fundament/sdk";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { getBlock, readContract } from "viem/actions";
import type { FundClient } from "../../shared/hooks/useFundClient";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";

export const PROPOSALS_PAGE_SIZE = 5;

export const governanceKeys = {
  proposals: (page: number, voter: Address | undefined) =>
    [CHAIN_KEY, "governance", "proposals", page, voter ?? null] as const,
  voteChoices: (voter: Address | undefined, ids: readonly bigint[]) =>
    [CHAIN_KEY, "governance", "vote-choices", voter ?? null, ids.map(String)] as const,
  voters: (ids: readonly bigint[]) => [CHAIN_KEY, "governance", "voters", ids.map(String)] as const,
  executions: (ids: readonly bigint[]) => [CHAIN_KEY, "governance", "executions", ids.map(String)] as const,
  simulation: (id: bigint, actions: readonly ProposalAction[]) =>
    [CHAIN_KEY, "governance", "simulation", id.toString(), actions.map((a) => a.calldata)] as const,
};

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
 * Who voted on the proposals `ids` (those on screen), which way, with what weight and why, largest weight first
 * (`getProposalVoters`: the governor's `Voted` and `VoteCast` events, one `eth_getLogs` where the provider accepts the
 * whole span). Keyed by proposal id; a proposal nobody voted on is absent.
 */
export const votersQuery = (client: FundClient, deployment: Deployment, ids: readonly bigint[]) =>
  queryOptions({
    queryKey: governanceKeys.voters(ids),
    queryFn: async (): Promise<Record<string, ProposalVoter[]>> => {
      const voters: Record<string, ProposalVoter[]> = {};
      for (const vote of await getProposalVoters(client, { deployment, proposalIds: ids })) {
        const id = vote.proposalId.toString();
        voters[id] = [...(voters[id] ?? []), vote];
      }
      return voters;
    },
    enabled: ids.length > 0,
  });

/**
 * When and by which transaction the executed proposals `ids` (those on screen) were executed (`getProposalExecutions`:
 * the governor's `ProposalExecuted` events and their blocks' times). Keyed by proposal id; executions never change.
 */
export const executionsQuery = (client: FundClient, deployment: Deployment, ids: readonly bigint[]) =>
  queryOptions({
    queryKey: governanceKeys.executions(ids),
    queryFn: async (): Promise<Record<string, ProposalExecution>> => {
      const executions = await getProposalExecutions(client, { deployment, proposalIds: ids });
      return Object.fromEntries(executions.map((e) => [e.proposalId.toString(), e]));
    },
    enabled: ids.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });

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
