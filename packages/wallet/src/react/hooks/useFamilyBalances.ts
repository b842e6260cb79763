import { useQuery } from "@tanstack/react-query";
import type { ChainNamespace } from "../../core/caip.js";
import { BALANCE_CACHE_MS } from "../../core/constants.js";
import { messages } from "../../core/messages.js";
import type { AnyLazyChainFamily } from "../../features/families/types.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "./useStore.js";

/** A chain family's account (its address only while connected) and the family's active network. */
export function useFamilyAccount(namespace: ChainNamespace) {
  const { core } = useWalletRuntime();
  const account = useStore(core.state, (s) => s.chains[namespace]?.account);
  const network = useStore(core.state, (s) => s.chains[namespace]?.network.activeNetwork);
  const address = account?.status === "connected" ? account.address : undefined;
  return { account, address, network };
}

/**
 * The balances of a chain family's connected account, native first, read through the family and the runtime's
 * balance fetcher ('Token Balance Unavailable' on failure, then a 30 s cooldown) and shown in the core's account
 * (`tokenBalance`, `balance`, `balanceSymbol`). `queryKey` names the query: the family's views invalidate by its
 * prefix after a send.
 */
export function useFamilyBalances(p: {
  family: AnyLazyChainFamily | undefined;
  namespace: ChainNamespace;
  symbol: string;
  queryKey(caipNetworkId: string | undefined, address: string | undefined): readonly unknown[];
}) {
  const runtime = useWalletRuntime();
  const { address, network } = useFamilyAccount(p.namespace);
  return useQuery({
    queryKey: p.queryKey(network?.caipNetworkId, address),
    enabled: Boolean(p.family && address && network),
    staleTime: BALANCE_CACHE_MS,
    retry: false,
    queryFn: async () => {
      const family = await (p.family as AnyLazyChainFamily).load();
      const balances = await runtime.balances.fetch(`${network?.caipNetworkId}:${address}`, () =>
        family.balances(address as string),
      );
      const native = balances.find((b) => !b.address);
      if (!native) throw new Error(messages.tokenBalanceUnavailable);
      runtime.core.state.setAccount(p.namespace, {
        tokenBalance: balances,
        balance: native.quantity.numeric,
        balanceSymbol: p.symbol,
      });
      return balances;
    },
  });
}
