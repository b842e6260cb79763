import { useQuery } from "@tanstack/react-query";
import { useClient } from "wagmi";
import { BALANCE_CACHE_MS } from "../../core/constants.js";
import { formatAmount } from "../../core/format.js";
import { useWalletAccount } from "./useWalletAccount.js";

/** The query key of the connected account's native balance (the Send view refreshes it after a send). */
export const nativeBalanceKey = (address: string | undefined, chainId: number | undefined) =>
  ["fundament.wallet", "nativeBalance", address ?? null, chainId ?? null] as const;

/**
 * The connected account's native balance, formatted (`10,000 ETH`), cached 30 s. viem's `getBalance` loads with the
 * first balance read, not with the page: the button paints first, the balance follows.
 */
export function useNativeBalance() {
  const { address, chainId, isConnected } = useWalletAccount();
  const client = useClient({ chainId });
  const chain = client && client.chain.id === chainId ? client.chain : undefined;
  const query = useQuery({
    queryKey: nativeBalanceKey(address, chainId),
    enabled: isConnected && Boolean(address) && Boolean(chain),
    staleTime: BALANCE_CACHE_MS,
    refetchInterval: BALANCE_CACHE_MS,
    queryFn: async () => {
      if (!client || !address) throw new Error("No client for the connected chain");
      const { getNativeBalance } = await import("../../features/balances/getNativeBalance.js");
      return getNativeBalance(client, address);
    },
  });
  const value = query.data;
  return {
    ...query,
    formatted:
      value !== undefined && chain
        ? formatAmount(value, chain.nativeCurrency.decimals, chain.nativeCurrency.symbol)
        : undefined,
  };
}
