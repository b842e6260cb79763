import { type Deployment, getProposals } from "@fundament/sdk";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { getBlock } from "viem/actions";
import type { FundClient } from "../../shared/hooks/useFundClient";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";

export const PROPOSALS_PAGE_SIZE = 5;

export const governanceKeys = {
  proposals: (page: number) => [CHAIN_KEY, "governance", "proposals", page] as const,
};

/**
 * One page of proposals, newest first, with the chain's time (seconds of the latest block): time left is
 * counted on the chain's clock, which a local chain may have moved ahead of the wall clock.
 */
export const proposalsQuery = (client: FundClient, deployment: Deployment, page: number) =>
  queryOptions({
    queryKey: governanceKeys.proposals(page),
    queryFn: async () => {
      const [result, block] = await Promise.all([
        getProposals(client, { deployment, offset: page * PROPOSALS_PAGE_SIZE, limit: PROPOSALS_PAGE_SIZE }),
        getBlock(client, { blockTag: "latest" }),
      ]);
      return { ...result, chainTime: Number(block.timestamp) };
    },
    placeholderData: keepPreviousData,
  });
