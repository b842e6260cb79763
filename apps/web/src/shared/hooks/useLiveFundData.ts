import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { CHAIN_KEY } from "../lib/queryKeys";
import { useAppConfig } from "./useAppConfig";
import { useFundClient } from "./useFundClient";

type WatchFundModule = typeof import("../lib/watchFund");

/**
 * Keeps every on-chain figure live: when the fund emits an event (from this tab, another tab, another investor or an
 * admin), the chain queries are refetched, so TVL, positions, proposals and pool state update without a reload.
 *
 * The watcher's code loads after the first paint. Watching starts when the first chain read starts, in the same tick,
 * so its filter goes out in the same JSON-RPC batch as that read (no extra round trip) and nothing that happens after
 * the read is missed. Pages without chain reads watch nothing.
 */
export function useLiveFundData(): void {
  const client = useFundClient();
  const { deployment } = useAppConfig();
  const queryClient = useQueryClient();
  useEffect(() => {
    let module: WatchFundModule | undefined;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      if (stop || cancelled || !module) return;
      stop = module.watchFund(client, deployment.investmentFund, () => {
        void queryClient.invalidateQueries({ queryKey: [CHAIN_KEY] });
      });
    };
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "fetch" && event.query.queryKey[0] === CHAIN_KEY) start();
    });
    void import("../lib/watchFund").then((loaded) => {
      module = loaded;
      // A chain read already under way or done (not merely declared, as a disabled query is): start now.
      const read = queryClient
        .getQueryCache()
        .findAll({ queryKey: [CHAIN_KEY] })
        .some((q) => q.state.fetchStatus === "fetching" || q.state.dataUpdatedAt > 0);
      if (read) start();
    });
    return () => {
      cancelled = true;
      unsubscribe();
      stop?.();
    };
  }, [client, deployment.investmentFund, queryClient]);
}
