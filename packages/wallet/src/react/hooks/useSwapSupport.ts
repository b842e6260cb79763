import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { createSwapClient, type SwapClient, type SwapToken } from "../../features/swap/createSwapClient.js";
import { useWalletRuntime } from "../context.js";

// The swap hooks the Account, Swap and Swap review views share: here rather than in SwapView.tsx, so that the Swap
// view stays its own chunk (the Account view needs only `useSwapSupport`).

/** The API's convert client of this runtime (undefined without `apiUrl`). */
export function useSwapClient(): SwapClient | undefined {
  const runtime = useWalletRuntime();
  const { apiUrl, fetch } = runtime.config;
  return useMemo(() => (apiUrl ? createSwapClient({ apiUrl, fetch }) : undefined), [apiUrl, fetch]);
}

/** The query of a swap quote (shared by Swap and SwapPreview). */
export function swapQuoteQuery(p: {
  client: SwapClient | undefined;
  apiUrl: string | undefined;
  from: SwapToken | undefined;
  to: SwapToken | undefined;
  amount: bigint | undefined;
  userAddress: string | undefined;
}) {
  return {
    queryKey: [
      "fundament.wallet",
      "swapQuote",
      p.apiUrl ?? null,
      p.from?.address ?? null,
      p.to?.address ?? null,
      p.amount?.toString() ?? null,
      p.userAddress ?? null,
    ] as const,
    enabled: Boolean(p.client && p.from && p.to && p.amount && p.userAddress && p.from.address !== p.to.address),
    staleTime: 10_000,
    retry: false,
    queryFn: () =>
      (p.client as SwapClient).quote({
        amount: (p.amount as bigint).toString(),
        userAddress: p.userAddress as string,
        from: (p.from as SwapToken).address,
        to: (p.to as SwapToken).address,
      }),
  };
}

/** The query of the router's allowance of the from token (shared by Swap's gas check and SwapPreview). */
export function swapAllowanceQuery(p: {
  client: SwapClient | undefined;
  apiUrl: string | undefined;
  from: SwapToken | undefined;
  userAddress: string | undefined;
  /** False for the native token, which needs no approval. */
  enabled: boolean;
}) {
  return {
    queryKey: ["fundament.wallet", "swapAllowance", p.apiUrl ?? null, p.from?.address ?? null, p.userAddress ?? null],
    enabled: Boolean(p.client && p.from && p.userAddress && p.enabled),
    retry: false,
    staleTime: 0,
    queryFn: () =>
      (p.client as SwapClient).allowance({
        tokenAddress: (p.from as SwapToken).address,
        userAddress: p.userAddress as string,
      }),
  };
}

/** Whether swaps work on the connected chain (`/v1/supported-chains`), and its tokens (`/v1/convert/tokens`). */
export function useSwapSupport(chainId: number | undefined) {
  const runtime = useWalletRuntime();
  const client = useSwapClient();
  const apiUrl = runtime.config.apiUrl;
  const chains = useQuery({
    queryKey: ["fundament.wallet", "swapChains", apiUrl ?? null],
    enabled: Boolean(client),
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => (client as SwapClient).supportedChains(),
  });
  const supported = Boolean(chainId && chains.data?.includes(`eip155:${chainId}`));
  const tokens = useQuery({
    queryKey: ["fundament.wallet", "swapTokens", apiUrl ?? null, chainId ?? null],
    enabled: supported,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => (client as SwapClient).tokens(chainId as number),
  });
  return {
    client,
    supported: client ? (chains.isSuccess ? supported : undefined) : false,
    chainsError: chains.error,
    tokens,
  };
}
