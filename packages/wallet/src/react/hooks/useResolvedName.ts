import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { IDENTITY_CACHE_MS } from "../../core/constants.js";
import { BaseError } from "../../core/errors.js";
import { addressOfRecord, type NamesClient } from "../../features/names/createNamesClient.js";
import { useWalletRuntime } from "../context.js";

/** Shown when a name has no address for the chain the person sends on. */
export const nameHasNoAddressText = (name: string) => `${name} has no address on this network`;

/**
 * The query of a name's address on a chain (`/v1/profile/account/:name`), cached 5 minutes. Its error reads the
 * API's reason (e.g. 'Name alice.fundament is not registered') or 'Error resolving name'.
 */
export function resolveNameQuery(p: {
  names: NamesClient | undefined;
  apiUrl: string | undefined;
  name: string;
  chainId: number | undefined;
}) {
  const name = p.name.trim().toLowerCase();
  return queryOptions({
    queryKey: ["fundament.wallet", "name", p.apiUrl ?? null, name, p.chainId ?? null] as const,
    staleTime: IDENTITY_CACHE_MS,
    gcTime: IDENTITY_CACHE_MS,
    retry: false,
    queryFn: async (): Promise<Address> => {
      if (!p.names || p.chainId === undefined) throw new BaseError("Names are not available");
      const record = await p.names.resolveName(name);
      const address = addressOfRecord(record, p.chainId);
      if (!address) throw new BaseError(nameHasNoAddressText(record.name));
      return address;
    },
  });
}

/** The address of a full name (`alice.fundament`) on a chain; asks nothing when `name` is undefined. */
export function useResolvedName(name: string | undefined, chainId: number | undefined) {
  const runtime = useWalletRuntime();
  const options = resolveNameQuery({ names: runtime.names, apiUrl: runtime.config.apiUrl, name: name ?? "", chainId });
  return useQuery({ ...options, enabled: Boolean(runtime.names && name && chainId !== undefined) });
}
