import { useQuery } from "@tanstack/react-query";
import type { Address, EIP1193RequestFn } from "viem";
import { useConfig } from "wagmi";
import { getClient, getConnection } from "wagmi/actions";
import { BALANCE_CACHE_MS } from "../../core/constants.js";
import type { TokenBalance } from "../../core/createWalletState.js";
import { getBalances } from "../../features/balances/getBalances.js";
import { useWalletRuntime } from "../context.js";
import { useWalletAccount } from "./useWalletAccount.js";

/**
 * Native and token balances of the connected account on its chain (wallet asset discovery, else one multicall of
 * the configured token list). A failure shows 'Token Balance Unavailable' and further fetches wait 30 s.
 */
export function useTokenBalances() {
  const runtime = useWalletRuntime();
  const config = useConfig();
  const { address, chainId, isConnected } = useWalletAccount();
  return useQuery<TokenBalance[]>({
    queryKey: ["fundament.wallet", "tokenBalances", address, chainId],
    enabled: isConnected && Boolean(address) && config.chains.some((c) => c.id === chainId),
    staleTime: BALANCE_CACHE_MS,
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
        const { balances } = await getBalances({
          client,
          chain,
          address: address as Address,
          walletRequest: provider?.request as never,
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
