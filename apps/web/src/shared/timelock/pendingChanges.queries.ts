import { type Deployment, getPendingChanges } from "@fundament/sdk";
import { queryOptions } from "@tanstack/react-query";
import type { FundClient } from "../hooks/useFundClient";
import { CHAIN_KEY } from "../lib/queryKeys";

export const pendingChangesKey = [CHAIN_KEY, "timelock", "pending"] as const;

/**
 * The changes waiting in the fund's timelock, with the chain's clock. Under `CHAIN_KEY`, so every fund action
 * refreshes it; polled too, because scheduling and cancelling are timelock events and a change turns ready with time.
 */
export const pendingChangesQuery = (client: FundClient, deployment: Deployment) =>
  queryOptions({
    queryKey: pendingChangesKey,
    queryFn: async () => ({ ...(await getPendingChanges(client, { deployment })), fetchedAt: Date.now() }),
    enabled: Boolean(deployment.fundTimelock),
    refetchInterval: 30_000,
  });
