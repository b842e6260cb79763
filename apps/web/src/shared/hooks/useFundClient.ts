import type { Chain, Client, Transport } from "viem";
import { useClient } from "wagmi";
import { useAppConfig } from "./useAppConfig";

/** A viem client on the app's chain: what the sdk's reads and writes take. */
export type FundClient = Client<Transport, Chain>;

/**
 * The client for chain reads: wagmi's own client on the app's chain, so the fund's reads, the wallet layer's
 * balance and every other read share one transport, whose JSON-RPC batching puts requests made together into one
 * HTTP request (see `createAppWagmiConfig`). The sdk's reads use viem's tree-shakable actions on it: no public
 * actions decorator is loaded.
 */
export function useFundClient(): FundClient {
  const { chainId } = useAppConfig();
  const client = useClient({ chainId });
  if (!client) throw new Error(`wagmi has no client for chain ${chainId}`);
  return client as FundClient;
}
