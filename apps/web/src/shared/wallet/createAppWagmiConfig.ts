import { LOCAL_CHAIN_ID } from "@fundament/sdk";
import { type Config, type CreateConnectorFn, createConfig, createStorage, injected, noopStorage } from "wagmi";
import { type AppConfig, configChain } from "../lib/config";
import { firstViewReady } from "./firstView";
import { gatheringHttp } from "./gatheringHttp";
import { lazyDevAccounts } from "./lazyDevAccounts";

/** During the first view, the transport sends the JSON-RPC requests it gathered once none has come for this long (ms)… */
export const RPC_BATCH_QUIET_MS = 25;
/**
 * …and after it, at most this long after the first of them (ms), as a fixed window: requests that keep coming (polls,
 * refetches) never hold a read back.
 */
export const RPC_BATCH_MAX_WAIT_MS = 16;
/** …while the first page is still loading (its reads not all started), at most this long. */
export const RPC_FIRST_VIEW_MAX_WAIT_MS = 2_000;

/**
 * The wagmi config of the wallet layer for the app's one chain and its RPC from /config.json: what
 * @fundament/wallet's `createWalletConfig` builds (injected wallets with EIP-6963 discovery, the anvil dev
 * accounts on the local chain, storage key "fundament.wallet"), except that the dev-accounts connector's
 * code loads on first use. Tests pass their own connectors (wagmi's mock against anvil): no discovery, no
 * persistence.
 *
 * Reads are batched twice: contract reads made in the same tick go into one multicall (deployless where the chain
 * has no Multicall3, as on anvil), and JSON-RPC requests are gathered until they stop coming, then sent as one HTTP
 * request (JSON-RPC batch, see `gatheringHttp`): a page's first reads, the wallet's and the event watcher's filter go
 * out as one request once the page is shown and the wallet reconnected (`firstViewReady`), the reads that need their
 * answers as a second; after the first view, a fixed 16 ms window as before. Contract code once read is kept (in
 * localStorage outside tests), so the smart-account lookup does not ask for the factory's code on every visit.
 */
export function createAppWagmiConfig(config: AppConfig, options: { connectors?: CreateConnectorFn[] } = {}): Config {
  const chain = configChain(config);
  const testing = Boolean(options.connectors);
  const connectors: CreateConnectorFn[] = testing
    ? [...(options.connectors ?? [])]
    : [injected(), ...(chain.id === LOCAL_CHAIN_ID ? [lazyDevAccounts({ rpcUrl: config.rpcUrl })] : [])];
  const wagmi: Config = createConfig({
    chains: [chain],
    transports: {
      [chain.id]: gatheringHttp(config.rpcUrl, {
        quietMs: RPC_BATCH_QUIET_MS,
        maxWaitMs: RPC_BATCH_MAX_WAIT_MS,
        // The app sends its first view's reads once the page is shown and the wallet reconnected, in two stages; tests
        // (their own connectors, no page frame) read at once.
        ...(testing
          ? {}
          : { ready: firstViewReady(() => wagmi), firstViewMaxWaitMs: RPC_FIRST_VIEW_MAX_WAIT_MS, firstViewStages: 2 }),
        codeStorage: testing || typeof localStorage === "undefined" ? undefined : localStorage,
        storedCodeOf: deploymentContracts(config),
      }),
    },
    batch: { multicall: { deployless: !chain.contracts?.multicall3 } },
    connectors,
    multiInjectedProviderDiscovery: !testing,
    storage: createStorage({
      storage: testing || typeof localStorage === "undefined" ? noopStorage : localStorage,
      key: "fundament.wallet",
    }),
  });
  return wagmi;
}

/** The deployment's own contracts: their code is kept between visits (a smart account's only for the visit). */
function deploymentContracts({ deployment }: AppConfig): string[] {
  const { investmentFund, fundGovernor, fundTimelock, investmentToken, entryPoint, accountFactory, fundPaymaster } =
    deployment;
  return [
    investmentFund,
    fundGovernor,
    fundTimelock,
    investmentToken,
    entryPoint,
    accountFactory,
    fundPaymaster,
  ].filter((address): address is NonNullable<typeof address> => Boolean(address));
}
