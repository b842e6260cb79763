import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Chain } from "viem";
import {
  createOnrampClient,
  type OnrampClient,
  type OnrampOptions,
} from "../../../features/onramp/createOnrampClient.js";
import {
  defaultOnrampOptions,
  type OnrampDefaultToken,
  type OnrampPurchaseOption,
  purchaseOptionsOn,
} from "../../../features/onramp/onrampOptions.js";
import { useWalletRuntime } from "../../context.js";
import { useTokenBalances } from "../../hooks/useTokenBalances.js";

/** The on-ramp client of this runtime (undefined without `apiUrl`). */
export function useOnrampClient(): OnrampClient | undefined {
  const { apiUrl, fetch } = useWalletRuntime().config;
  return useMemo(() => (apiUrl ? createOnrampClient({ apiUrl, fetch }) : undefined), [apiUrl, fetch]);
}

/** The spec's fallback: the wallet's defaults (configured tokens and the native token, USD/EUR with its limits). */
function useDefaultTokens(chain: Chain | undefined): OnrampDefaultToken[] {
  const runtime = useWalletRuntime();
  const balances = useTokenBalances();
  return useMemo<OnrampDefaultToken[]>(() => {
    if (!chain) return [];
    const known = balances.data ?? [];
    const configured = (runtime.config.tokens?.[chain.id] ?? []).flatMap((t) => {
      const balance = known.find((b) => b.address?.toLowerCase().endsWith(t.address.toLowerCase()));
      const symbol = t.symbol ?? balance?.symbol;
      return symbol ? [{ symbol, name: t.name ?? balance?.name, address: t.address }] : [];
    });
    return [...configured, { symbol: chain.nativeCurrency.symbol, name: chain.nativeCurrency.name }];
  }, [chain, balances.data, runtime.config.tokens]);
}

/** The provider's on-ramp options (or the wallet's defaults when they failed) and what can be bought on `chain`. */
export function useBuyOptions(client: OnrampClient | undefined, chain: Chain | undefined, chainId: number | undefined) {
  const apiUrl = useWalletRuntime().config.apiUrl;
  const options = useQuery({
    queryKey: ["fundament.wallet", "onrampOptions", apiUrl ?? null],
    enabled: Boolean(client),
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => (client as OnrampClient).options(),
  });
  const defaultTokens = useDefaultTokens(chain);
  const effective: OnrampOptions | undefined = useMemo(
    () =>
      options.data ??
      (options.isError && chain
        ? defaultOnrampOptions({ chainId: chain.id, chainName: chain.name, tokens: defaultTokens })
        : undefined),
    [options.data, options.isError, chain, defaultTokens],
  );
  const purchases = useMemo<OnrampPurchaseOption[]>(
    () => (effective && chainId !== undefined ? purchaseOptionsOn(effective, chainId) : []),
    [effective, chainId],
  );
  return { isLoading: options.isLoading, usingDefaults: options.isError, effective, purchases };
}
