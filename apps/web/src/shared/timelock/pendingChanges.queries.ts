import { type Deployment, getPendingChanges } from "@fundament/sdk";
import { queryOptions } from "@tanstack/react-query";
import type { FundClient } from "../hooks/useFundClient";
/** The root of the timelock's queries: every fund action refreshes them without waiting for them (`useFundAction`). */
export const TIMELOCK_KEY = "timelock";
export const pendingChangesKey = [TIMELOCK_KEY, "pending"] as const;

/**
 * The changes waiting in the fund's timelock, with the chain's clock. Not under `CHAIN_KEY`: an action's result (and
 * its focus) waits for the fund's reads only, while this list refreshes beside it; polled too, because a change turns
 * ready with time and others may schedule or cancel.
 */
export const pendingChangesQuery = (client: FundClient, deployment: Deployment) =>
  queryOptions({
    queryKey: pendingChangesKey,
    queryFn: () => getPendingChanges(client, { deployment }),
    enabled: Boolean(deployment.fundTimelock),
    refetchInterval: 30_000,
  });
