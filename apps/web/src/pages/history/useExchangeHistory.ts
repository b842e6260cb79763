import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type HistoryFilter, historyFailureMessage, mergeLoaded } from "./history.helpers";
import { type HistoryKind, transfersOf, transfersQuery } from "./history.queries";

/** One kind of transfer, loaded a page at a time from the API; `error` is the API's own `data.error`. */
function useTransfers(apiUrl: string, kind: HistoryKind) {
  const query = useInfiniteQuery(transfersQuery(apiUrl, kind));
  const pages = query.data?.pages ?? [];
  // One array per load (not per render), so the merged list is only rebuilt when a page arrives.
  const records = useMemo(() => {
    const loaded = query.data?.pages ?? [];
    return loaded.some((p) => transfersOf(p, kind) !== null) ? loaded.flatMap((p) => transfersOf(p, kind) ?? []) : null;
  }, [query.data, kind]);
  const error = query.isError ? null : (pages[0]?.data.error ?? null);
  return { query, records, error, source: pages[0]?.data.source, hasMore: Boolean(query.hasNextPage) };
}

/**
 * The exchange history as loaded so far: deposits and withdrawals merged newest first (`rows`, as far as both are
 * `complete`), the API's own errors, one message for failed requests with its retry, whether the records are demo
 * data, and loading older records of the kinds the filter shows.
 */
export function useExchangeHistory(apiUrl: string, filter: HistoryFilter) {
  const deposits = useTransfers(apiUrl, "deposits");
  const withdrawals = useTransfers(apiUrl, "withdrawals");

  const { rows, complete } = useMemo(
    () =>
      mergeLoaded(
        { records: deposits.records, hasMore: deposits.hasMore },
        { records: withdrawals.records, hasMore: withdrawals.hasMore },
        filter,
      ),
    [deposits.records, deposits.hasMore, withdrawals.records, withdrawals.hasMore, filter],
  );
  const uniqueErrors = [...new Set([deposits.error, withdrawals.error].filter((e): e is string => Boolean(e)))];
  // Failed requests (the API down, timing out or answering an error) are said once for both kinds, with a retry.
  const failedQueries = [deposits.query, withdrawals.query].filter((q) => q.isError);
  const failure = historyFailureMessage(failedQueries.map((q) => q.error));
  const retrying = failedQueries.some((q) => q.isFetching);
  const retry = () => {
    for (const q of failedQueries) void q.refetch();
  };
  // Demo records (no exchange keys): the API's error is why, not a failure; say so as information.
  const demo = deposits.source === "demo" || withdrawals.source === "demo";
  const loadingMore = deposits.query.isFetchingNextPage || withdrawals.query.isFetchingNextPage;

  const loadOlder = () => {
    if (filter !== "withdrawal" && deposits.hasMore) void deposits.query.fetchNextPage();
    if (filter !== "deposit" && withdrawals.hasMore) void withdrawals.query.fetchNextPage();
  };

  return {
    rows,
    complete,
    uniqueErrors,
    failure,
    retrying,
    retry,
    demo,
    loadingMore,
    loadOlder,
    isLoading: deposits.query.isPending || withdrawals.query.isPending,
  };
}
