import { createPublicClient, http, type PublicClient } from "viem";

/** How long one RPC request of the names and analytics routes may take (ms). */
export const RPC_TIMEOUT_MS = 5_000;

/**
 * A lazily built, reused public client per chain id from `rpcUrls` (undefined for a chain without an RPC URL),
 * as sign-in builds its own: one retry, a bounded timeout.
 */
export function publicClients(rpcUrls: ReadonlyMap<number, string>): (chainId: number) => PublicClient | undefined {
  const clients = new Map<number, PublicClient>();
  return (chainId) => {
    const url = rpcUrls.get(chainId);
    if (!url) return undefined;
    let client = clients.get(chainId);
    if (!client) {
      client = createPublicClient({ transport: http(url, { retryCount: 1, timeout: RPC_TIMEOUT_MS }) });
      clients.set(chainId, client);
    }
    return client;
  };
}
