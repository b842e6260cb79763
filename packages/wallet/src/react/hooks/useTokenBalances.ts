import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Address, EIP1193RequestFn } from "viem";
import { useConfig } from "wagmi";
import { getClient, getConnection } from "wagmi/actions";
import { BALANCE_CACHE_MS } from "../../core/constants.js";
import type { TokenBalance } from "../../core/createWalletState.js";
import { applyPrices, balanceTokenId, type PricedTokenBalance, totalValue } from "../../features/prices/applyPrices.js";
import { useWalletRuntime } from "../context.js";
import { useWalletAccount } from "./useWalletAccount.js";

/** The balances query, its balances valued in USD. */
export type UseTokenBalancesReturnType = Omit<UseQueryResult<TokenBalance[]>, "data"> & {
  /** The balances with `price` and `value` (USD) set where the API priced them (`priced`). */
  data: PricedTokenBalance[] | undefined;
  /** The USD total of the priced balances; undefined when no price is known. */
  totalValue: number | undefined;
  pricesLoading: boolean;
};

/** The query key of the USD prices of a chain's listed tokens. */
export const pricesQueryKey = (apiUrl: string | undefined, chainId: number | undefined, ids: readonly string[]) =>
  ["fundament.wallet", "prices", apiUrl ?? null, chainId ?? null, ids.join(",")] as const;

/**
 * Native and token balances of the connected account on its chain (wallet asset discovery, else one multicall of
 * the configured token list), each valued in USD from the API's `POST /v1/fungible/price` (cached 30 s) when
 * `apiUrl` is set. `totalValue` is the USD total of the priced balances (undefined when no price is known).
 * A balance failure shows 'Token Balance Unavailable' and further fetches wait 30 s; a price failure only leaves
 * the balances without USD values (no toast).
 */
export function useTokenBalances(options: { enabled?: boolean } = {}): UseTokenBalancesReturnType {
  const runtime = useWalletRuntime();
  const apiUrl = runtime.config.apiUrl;
  const { chainId } = useWalletAccount();
  const query = useRawTokenBalances(options.enabled ?? true);
  const ids = useMemo(() => (query.data ?? []).map((b) => balanceTokenId(b).toLowerCase()).sort(), [query.data]);
  const prices = useQuery({
    queryKey: pricesQueryKey(apiUrl, chainId, ids),
    enabled: Boolean(apiUrl) && ids.length > 0,
    staleTime: BALANCE_CACHE_MS,
    // Prices move while the Account view is open: read them again as often as the API's cache renews them.
    refetchInterval: BALANCE_CACHE_MS,
    retry: false,
    // The prices client (and its response schemas) loads with the first query, not with the header's first paint.
    queryFn: async () => {
      const { fetchPrices } = await import("../../features/prices/createPricesClient.js");
      return fetchPrices({ apiUrl: apiUrl as string, addresses: ids, fetch: runtime.config.fetch });
    },
  });
  const data = useMemo(
    () => (query.data ? applyPrices(query.data, prices.data) : undefined),
    [query.data, prices.data],
  );
  return {
    ...query,
    data,
    totalValue: data && prices.data ? totalValue(data) : undefined,
    pricesLoading: prices.isLoading,
  };
}

function useRawTokenBalances(enabled = true) {
  const runtime = useWalletRuntime();
  const config = useConfig();
  const { address, chainId, isConnected } = useWalletAccount();
  return useQuery<TokenBalance[]>({
    queryKey: ["fundament.wallet", "tokenBalances", address, chainId],
    enabled: enabled && isConnected && Boolean(address) && config.chains.some((c) => c.id === chainId),
    staleTime: BALANCE_CACHE_MS,
    // Balances change from outside the app (a transfer in, a purchase): read them again every 30 s while shown.
    refetchInterval: BALANCE_CACHE_MS,
    retry: false,
    queryFn: async () => {
      const chain = config.chains.find((c) => c.id === chainId);
      if (!chain || !address) return [];
      const client = getClient(config, { chainId: chain.id });
      if (!client) return [];
      const connector = getConnection(config).connector;
      const provider = (await connector?.getProvider().catch(() => undefined)) as
        | { request?: EIP1193RequestFn }
        | undefined;
      const result = await runtime.balances.fetch(`${chain.id}:${address}`, async () => {
        // The multicall and asset-discovery code loads with the first fetch (as getNativeBalance does).
        const { getBalances } = await import("../../features/balances/getBalances.js");
        const { balances } = await getBalances({
          client,
          chain,
          address: address as Address,
          walletRequest: provider?.request,
          tokens: runtime.config.tokens?.[chain.id],
        });
        return balances;
      });
      runtime.core.state.setAccount("eip155", {
        tokenBalance: result,
        balance: result.find((b) => !b.address)?.quantity.numeric,
        balanceSymbol: chain.nativeCurrency.symbol,
      });
      return result;
    },
  });
}

/**
 * The USD total of the connected account's balances, for the header: asked only when `apiUrl` is set (prices come
 * from the API); undefined while unknown or when prices fail.
 */
export function usePortfolioTotal(): number | undefined {
  const runtime = useWalletRuntime();
  return useTokenBalances({ enabled: Boolean(runtime.config.apiUrl) }).totalValue;
}
