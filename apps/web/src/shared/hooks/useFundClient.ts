import { createFundPublicClient } from "@fundament/sdk";
import type { PublicClient } from "viem";
import type { AppConfig } from "../lib/config";
import { useAppConfig } from "./useAppConfig";

const clients = new WeakMap<AppConfig, PublicClient>();

/** The one public client of a config: concurrent reads are batched into one multicall per tick. */
export function fundClientFor(config: AppConfig): PublicClient {
  let client = clients.get(config);
  if (!client) {
    client = createFundPublicClient({ chainId: config.chainId, rpcUrl: config.rpcUrl });
    clients.set(config, client);
  }
  return client;
}

/**
 * The public client for chain reads. Kept out of the app shell (only pages import it), so viem's public
 * actions load with the first page rather than before the first paint.
 */
export function useFundClient(): PublicClient {
  return fundClientFor(useAppConfig());
}
