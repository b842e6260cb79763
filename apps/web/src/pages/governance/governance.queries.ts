import { type Deployment, getProposals } from "@fundament/sdk";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { getBlock } from "viem/actions";
import type { FundClient } from "../../shared/hooks/useFundClient";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";

export const PROPOSALS_PAGE_SIZE = 5;

export const governanceKeys = {
  proposals: (page: number, voter: Address | undefined) =>
    [CHAIN_KEY, "governance", "proposals", page, voter ?? null] as const,
};

/**
 * One page of proposals, newest first, with the chain's time (seconds of the latest block): time left is
 * counted on the chain's clock, which a local chain may have moved ahead of the wall clock. With a voter, each
 * proposal says whether that account has voted (the vote buttons are hidden then: one vote per investor).
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
