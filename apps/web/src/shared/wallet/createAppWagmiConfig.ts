import { LOCAL_CHAIN_ID } from "@fundament/sdk";
import { http } from "viem";
import { type Config, type CreateConnectorFn, createConfig, createStorage, injected, noopStorage } from "wagmi";
import { type AppConfig, configChain } from "../lib/config";
import { lazyDevAccounts } from "./lazyDevAccounts";

/** How long the transport gathers JSON-RPC requests into one HTTP request. */
export const RPC_BATCH_WAIT_MS = 16;

/**
 * The wagmi config of the wallet layer for the app's one chain and its RPC from /config.json: what
 * @fundament/wallet's `createWalletConfig` builds (injected wallets with EIP-6963 discovery, the anvil dev
 * accounts on the local chain, storage key "fundament.wallet"), except that the dev-accounts connector's
 * code loads on first use. Tests pass their own connectors (wagmi's mock against anvil): no discovery, no
 * persistence.
 *
 * Reads are batched twice: contract reads made in the same tick go into one multicall (deployless where the chain
 * has no Multicall3, as on anvil), and JSON-RPC requests made within a few milliseconds of each other go into one
 * HTTP request (JSON-RPC batch): a page's first reads, and the event watcher's filter, go out as one request.
 */
export function createAppWagmiConfig(config: AppConfig, options: { connectors?: CreateConnectorFn[] } = {}): Config {
  const chain = configChain(config);
  const testing = Boolean(options.connectors);
  const connectors: CreateConnectorFn[] = testing
    ? [...(options.connectors ?? [])]
    : [injected(), ...(chain.id === LOCAL_CHAIN_ID ? [lazyDevAccounts({ rpcUrl: config.rpcUrl })] : [])];
  return createConfig({
    chains: [chain],
    transports: { [chain.id]: http(config.rpcUrl, { batch: { wait: RPC_BATCH_WAIT_MS } }) },
    batch: { multicall: { deployless: !chain.contracts?.multicall3 } },
    connectors,
    multiInjectedProviderDiscovery: !testing,
    storage: createStorage({
      storage: testing || typeof localStorage === "undefined" ? noopStorage : localStorage,
      key: "fundament.wallet",
    }),
  });
}
