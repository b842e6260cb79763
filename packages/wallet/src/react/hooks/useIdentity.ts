import { useQuery } from "@tanstack/react-query";
import { getAddress, isAddress } from "viem";
import { IDENTITY_CACHE_MS } from "../../core/constants.js";
import { useWalletRuntime } from "../context.js";

/** The query key of an address's identity (invalidate or set it after a name registration). */
export const identityQueryKey = (apiUrl: string | undefined, address: string | undefined) =>
  ["fundament.wallet", "identity", apiUrl ?? null, normalizeAddress(address) ?? null] as const;

function normalizeAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  return isAddress(address, { strict: false }) ? getAddress(address) : address;
}

export type UseIdentityReturnType = {
  /** The registered name (or ENS name), when any. */
  name: string | undefined;
  /** The avatar URL, when any. */
  avatar: string | undefined;
  isLoading: boolean;
};

/**
 * The name and avatar of an address from the API's `/v1/identity/:address`, cached 5 minutes (`IDENTITY_CACHE_MS`).
 * Without an `apiUrl` (or an address) it asks nothing and returns no name.
 */
export function useIdentity(address: string | undefined): UseIdentityReturnType {
  const runtime = useWalletRuntime();
  const names = runtime.names;
  const normalized = normalizeAddress(address);
  const query = useQuery({
    queryKey: identityQueryKey(runtime.config.apiUrl, normalized),
    enabled: Boolean(names && normalized),
    staleTime: IDENTITY_CACHE_MS,
    gcTime: IDENTITY_CACHE_MS,
    retry: false,
    queryFn: async () => {
      if (!names || !normalized) return { name: null, avatar: null };
      return names.getIdentity(normalized, runtime.core.state.activeAccount().address);
    },
  });
  return {
    name: query.data?.name ?? undefined,
    avatar: query.data?.avatar ?? undefined,
    isLoading: query.isLoading,
  };
}
