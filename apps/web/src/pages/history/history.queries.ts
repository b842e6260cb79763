import { type ExchangeEnvelope, type ExchangeTransfer, fetchDeposits, fetchWithdrawals } from "@fundament/sdk";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { withTimeout } from "../../shared/lib/fundQueries";
import { API_KEY } from "../../shared/lib/queryKeys";

/** Records per request while browsing (the API allows up to 500). */
export const HISTORY_PAGE_LIMIT = 100;

export type HistoryKind = "deposits" | "withdrawals";

export const historyKeys = {
  transfers: (apiUrl: string, kind: HistoryKind) => [API_KEY, "history", kind, apiUrl] as const,
};

const fetchers = { deposits: fetchDeposits, withdrawals: fetchWithdrawals } as const;

export type TransferPage = ExchangeEnvelope<HistoryKind>;

/** The records of a page (`data.deposits` or `data.withdrawals`; null when the API had none to give). */
export function transfersOf(page: TransferPage, kind: HistoryKind): ExchangeTransfer[] | null {
  return page.data[kind];
}

/** One page of a kind of transfer, newest first, from `cursor` (the previous page's `next_cursor`) on. */
export function fetchTransferPage(
  apiUrl: string,
  kind: HistoryKind,
  cursor: string | undefined,
  limit: number,
  signal?: AbortSignal,
): Promise<TransferPage> {
  return fetchers[kind](
    apiUrl,
    { limit, ...(cursor ? { cursor } : {}) },
    { signal: withTimeout(signal) },
  ) as Promise<TransferPage>;
}

/** `GET {api}/api/{deposits|withdrawals}/bybit`, a page at a time, following `data.next_cursor`. */
export const transfersQuery = (apiUrl: string, kind: HistoryKind) =>
  infiniteQueryOptions({
    queryKey: historyKeys.transfers(apiUrl, kind),
    queryFn: ({ pageParam, signal }) => fetchTransferPage(apiUrl, kind, pageParam, HISTORY_PAGE_LIMIT, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.data.next_cursor ?? undefined,
    staleTime: 60_000,
    retry: false,
  });

/**
 * Every record of a kind, following `next_cursor` to the end with the API's largest page (the CSV export).
 * `onProgress` is told how many records have arrived so far.
 */
export async function fetchAllTransfers(
  apiUrl: string,
  kind: HistoryKind,
  onProgress?: (count: number) => void,
  signal?: AbortSignal,
): Promise<ExchangeTransfer[]> {
  const records: ExchangeTransfer[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchTransferPage(apiUrl, kind, cursor, 500, signal);
    records.push(...(transfersOf(page, kind) ?? []));
    onProgress?.(records.length);
    cursor = page.data.next_cursor ?? undefined;
  } while (cursor);
  return records;
}
