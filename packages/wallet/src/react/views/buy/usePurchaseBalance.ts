import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Address, Chain } from "viem";
import { useConfig } from "wagmi";
import { getClient } from "wagmi/actions";
import type { OnrampPurchaseOption } from "../../../features/onramp/onrampOptions.js";
import { type RawTokenBalance, readTokenBalance } from "../../../features/onramp/readTokenBalance.js";
import { useWalletRuntime } from "../../context.js";
import { BUY_POLL_MS, type Checkout } from "./buyTexts.js";

type UsePurchaseBalanceParameters = {
  address: Address | undefined;
  chain: Chain | undefined;
  chainId: number | undefined;
  purchase: OnrampPurchaseOption | undefined;
  checkout: Checkout | undefined;
};

/** The balance of the token being bought, read every 2 s while a checkout is awaited. */
export function usePurchaseBalance({ address, chain, chainId, purchase, checkout }: UsePurchaseBalanceParameters) {
  const wagmiConfig = useConfig();
  const contract = purchase?.network.contract_address ?? "";
  const tokenBalance = useQuery<RawTokenBalance>({
    queryKey: ["fundament.wallet", "onrampBalance", chainId ?? null, address ?? null, contract],
    enabled: Boolean(address && chain && purchase),
    retry: false,
    staleTime: 0,
    refetchInterval: checkout ? BUY_POLL_MS : false,
    queryFn: () => {
      const viemClient = getClient(wagmiConfig, { chainId: chain?.id as number });
      if (!viemClient) throw new Error("No client for this chain");
      return readTokenBalance({ client: viemClient, account: address as Address, contract });
    },
  });
  return { tokenBalance, contract };
}

/**
 * While waiting: every 2 s the token balances are read again (the wallet's cache dropped), so the Account view
 * shows the purchase too.
 */
export function useBalancesRefreshWhileWaiting(
  checkout: Checkout | undefined,
  address: Address | undefined,
  chain: Chain | undefined,
): void {
  const runtime = useWalletRuntime();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!checkout || !address || !chain) return;
    const timer = setInterval(() => {
      runtime.balances.invalidate(`${chain.id}:${address}`);
      void queryClient.invalidateQueries({ queryKey: ["fundament.wallet", "tokenBalances"] });
    }, BUY_POLL_MS);
    return () => clearInterval(timer);
  }, [checkout, address, chain, runtime.balances, queryClient]);
}
