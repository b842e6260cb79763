import { fetchDeposits, fetchWithdrawals } from "@fundament/sdk";
import { queryOptions } from "@tanstack/react-query";
import { withTimeout } from "../../shared/lib/fundQueries";
import { API_KEY } from "../../shared/lib/queryKeys";

export const historyKeys = {
  deposits: (apiUrl: string) => [API_KEY, "history", "deposits", apiUrl] as const,
  withdrawals: (apiUrl: string) => [API_KEY, "history", "withdrawals", apiUrl] as const,
};

/** `GET {api}/api/deposits/bybit`. */
export const depositsQuery = (apiUrl: string) =>
  queryOptions({
    queryKey: historyKeys.deposits(apiUrl),
    queryFn: ({ signal }) => fetchDeposits(apiUrl, {}, { signal: withTimeout(signal) }),
    staleTime: 60_000,
    retry: false,
  });

/** `GET {api}/api/withdrawals/bybit`. */
export const withdrawalsQuery = (apiUrl: string) =>
  queryOptions({
    queryKey: historyKeys.withdrawals(apiUrl),
    queryFn: ({ signal }) => fetchWithdrawals(apiUrl, {}, { signal: withTimeout(signal) }),
    staleTime: 60_000,
    retry: false,
  });
