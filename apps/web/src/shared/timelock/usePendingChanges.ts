import type { PendingChange } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../hooks/useAppConfig";
import { useChainTime } from "../hooks/useChainTime";
import { useFundClient } from "../hooks/useFundClient";
import { pendingChangesQuery } from "./pendingChanges.queries";

/** The pending changes (all, or those of one vault and the fund-wide ones), and the chain's clock now (seconds). */
export function usePendingChanges(vaultId?: number) {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const query = useQuery(pendingChangesQuery(client, deployment));
  const chainMs = useChainTime(Boolean(deployment.fundTimelock));
  const now = chainMs === undefined ? undefined : Math.floor(chainMs / 1000);
  const changes: PendingChange[] = (query.data?.changes ?? []).filter(
    (change) => vaultId === undefined || change.vaultId === null || change.vaultId === BigInt(vaultId),
  );
  return { query, changes, now, delay: query.data?.delay };
}

/** "in 4 min", "in 2 h 5 min", "in 1 d 3 h", or "now" (whole minutes, rounded up: never "60 min"). */
export function countdown(readyAt: number, now: number): string {
  const seconds = readyAt - now;
  if (seconds <= 0) return "now";
  const totalMinutes = Math.ceil(seconds / 60);
  const days = Math.floor(totalMinutes / 1_440);
  const hours = Math.floor((totalMinutes % 1_440) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return `in ${days} d ${hours} h`;
  if (hours > 0) return minutes > 0 ? `in ${hours} h ${minutes} min` : `in ${hours} h`;
  return `in ${minutes} min`;
}
