import type { Chain } from "viem";
import type { Config } from "wagmi";
import { loadOptionalConnectors, type OptionalConnectorsParameters } from "../connectors/loadOptionalConnectors.js";
import type { ChainNamespace } from "../core/caip.js";
import { DEFAULT_NAME_ZONE } from "../core/constants.js";
import { createStore, type Store } from "../core/createStore.js";
import { createWalletCore, type WalletCore } from "../core/createWalletCore.js";
import { type CaipNetwork, toCaipNetwork } from "../core/network.js";
import type { ViewData } from "../core/views.js";
import { createBalanceFetcher } from "../features/balances/createBalanceFetcher.js";
import type { TokenListEntry } from "../features/balances/getBalances.js";
import { bitcoinNetwork } from "../features/bitcoin/networks.js";
import { type BitcoinConfig, type BitcoinRuntime, isBitcoinConnectorId } from "../features/bitcoin/types.js";
import { type ConnectAttemptState, connectFamily } from "../features/connect/connectFlows.js";
import { CONNECTION_DECLINED, connectorView, errorText, SWITCH_DECLINED } from "../features/connect/errors.js";
import { disconnect as disconnectFamilies, type FamilyClient } from "../features/disconnect/disconnect.js";
import { type EmbeddedRuntime, embeddedRuntimeFor } from "../features/embedded/embeddedRuntime.js";
import type { EmbeddedWalletConfig } from "../features/embedded/types.js";
import { createEvmConnection } from "../features/evm/createEvmConnection.js";
import { createLazyChainFamily, watchChainFamilies } from "../features/families/createLazyChainFamily.js";
import type { AnyLazyChainFamily } from "../features/families/types.js";
import type { NamesClient } from "../features/names/createNamesClient.js";
import { lazyNamesClient } from "../features/names/lazyNamesClient.js";
import { createSendStore, type SendStore } from "../features/send/createSendStore.js";
import { createSiwxController, type SiwxController } from "../features/siwx/createSiwxController.js";
import { lazyApiSiwxAdapter } from "../features/siwx/lazyApiSiwxAdapter.js";
import type { SiwxAdapter } from "../features/siwx/types.js";
import type { SmartAccountConfig } from "../features/smartAccount/types.js";
import { solanaNetworksOf } from "../features/solana/solanaNetworks.js";
import { isSolanaConnectorId, type SolanaConfig, type SolanaRuntime } from "../features/solana/types.js";
import { hasPersistedConnection } from "./persistedConnection.js";
import { getWalletNetworkIds, type NetworkSwitchOutcome, switchRuntimeNetwork } from "./switchRuntimeNetwork.js";

/** Configuration of the wallet layer's React runtime (the `config` prop of `WalletProvider`). */
export type WalletProviderConfig = {
  /** From `createWalletConfig`. */
  wagmiConfig: Config;
  /** The networks the app requests; default: the wagmi config's chains. */
  networks?: readonly (Chain | CaipNetwork)[] | undefined;
  /** The app's API base URL (e.g. `/api` or `http://127.0.0.1:8787`): sign-in routes and transaction history. */
  apiUrl?: string | undefined;
  /**
   * Sign in with the wallet (SIWX over the API's `/auth/*` routes). On by default when `apiUrl` is set; `false`
   * turns it off; `required: true` disconnects when the user cancels signing.
   */
  siwx?:
    | {
        required?: boolean | undefined;
        statement?: string | undefined;
        adapter?: SiwxAdapter;
        /** Why the app asks: what the session unlocks (shown on the prompt). */
        reason?: string | undefined;
        /** false: ask only when a feature calls `siwx.request()`, not on every connect (default true). */
        askOnConnect?: boolean | undefined;
      }
    | false
    | undefined;
  theme?: "light" | "dark" | "system" | undefined;
  /** Show the views inline where `<WalletEmbed />` is placed instead of in a dialog. */
  embedded?: boolean | undefined;
  /**
   * The embedded wallet (login by email, social account, Farcaster) through the secure frame at `frameUrl`: the
   * connector "Email & Social" (type AUTH) and the login views. Off unless set; its code loads on demand.
   * (Named `embeddedWallet` because `embedded` above already means the inline panel.)
   */
  embeddedWallet?: EmbeddedWalletConfig | undefined;
  /**
   * Analytics endpoint (events are POSTed there); wins over the API's. Without it, and with `apiUrl`, the runtime asks
   * `{apiUrl}/getAnalyticsConfig` once and sends to `{apiUrl}/e` only when `isAnalyticsEnabled` is true. Off by
   * default; `analytics: false` does not ask.
   */
  eventsEndpoint?: string | undefined;
  /** false: never ask the API about analytics (nothing is sent unless `eventsEndpoint` is set). */
  analytics?: boolean | undefined;
  /** Names (`<label>.<zone>`, registered on the API): the zone, default "fundament". Names need `apiUrl`. */
  names?: { zone?: string | undefined } | undefined;
  /** WalletConnect is offered only when a project id is set (WALLETCONNECT_PROJECT_ID). */
  walletConnectProjectId?: string | undefined;
  /** Coinbase / Base wallet SDK connector (off by default: its SDK contacts Coinbase). */
  coinbase?: OptionalConnectorsParameters["coinbase"];
  /** Safe Apps connector, when running inside a Safe. */
  safe?: boolean | undefined;
  /** App metadata shown by WalletConnect wallets. */
  metadata?: OptionalConnectorsParameters["metadata"];
  /**
   * Smart accounts (ERC-4337) per chain id: the Account view offers "Account type: EOA / Smart account" there and
   * shows the owner's smart account. Off unless set.
   */
  smartAccount?: SmartAccountConfig | undefined;
  /** Tokens listed per chain id in the Account and Send views (besides the native token). */
  tokens?: Record<number, readonly TokenListEntry[]> | undefined;
  enableNetworkSwitch?: boolean | undefined;
  allowUnsupportedChain?: boolean | undefined;
  /**
   * The Solana family (Wallet Standard wallets, balances, sends and activity over `rpcUrl`). No Solana UI at all
   * without it; its code loads lazily.
   */
  solana?: SolanaConfig | undefined;
  /**
   * The bitcoin family (Wallet Standard wallets: payment address, BTC balance from an Esplora-style `balanceApiUrl`,
   * sign message, send where the wallet can). No bitcoin UI at all without it; its code loads lazily.
   */
  bitcoin?: BitcoinConfig | undefined;
  /** Override mobile detection (tests). */
  isMobile?: (() => boolean) | undefined;
  /** fetch used for the API (tests). */
  fetch?: typeof fetch | undefined;
};

export type { ConnectAttemptState, NetworkSwitchOutcome };
export { CONNECTION_DECLINED, connectorView, errorText, getWalletNetworkIds, SWITCH_DECLINED };

/** Everything the React layer shares: the framework-free core wired to wagmi. */
export type WalletRuntime = {
  core: WalletCore;
  wagmiConfig: Config;
  config: WalletProviderConfig;
  networks: CaipNetwork[];
  siwx: SiwxController | undefined;
  send: SendStore;
  /** The API's names client (identity, resolve, suggestions, registration); undefined without `apiUrl`. */
  names: NamesClient | undefined;
  /** The name zone: full names read `<label>.<nameZone>`. */
  nameZone: string;
  balances: ReturnType<typeof createBalanceFetcher>;
  /** The Solana family; undefined unless the config has `solana`. */
  solana: SolanaRuntime | undefined;
  /** The bitcoin family; undefined unless the config has `bitcoin`. */
  bitcoin: BitcoinRuntime | undefined;
  /** The embedded wallet (email, social, Farcaster); undefined unless the config has `embeddedWallet`. */
  embedded: EmbeddedRuntime | undefined;
  connectAttempt: Store<ConnectAttemptState>;
  /** Connects with a connector; routes through the Connecting* views and on to sign-in or close. */
  connect(connectorId: string, data?: ViewData): Promise<void>;
  /** Disconnects every family and the SIWX session; toast 'Failed to disconnect' on failure. */
  disconnect(): Promise<void>;
  /**
   * Makes a network the active one. A Solana or bitcoin network only when that family has an account or a wallet in
   * this browser (else `noWallet`, and nothing changes); the other families' accounts stay connected.
   */
  switchNetwork(network: CaipNetwork): Promise<NetworkSwitchOutcome>;
  /**
   * Settles once the analytics decision is applied: the API's `getAnalyticsConfig` answered (asked at the first
   * mount), or at once when it is not asked (an explicit `eventsEndpoint`, no `apiUrl`, `analytics: false`).
   */
  analyticsReady: Promise<void>;
  /** Starts syncing wagmi → core and loads optional connectors. Returns the cleanup. */
  mount(): () => void;
};

function toNetwork(n: Chain | CaipNetwork): CaipNetwork {
  return "chainNamespace" in n && "caipNetworkId" in n ? n : toCaipNetwork(n);
}

export function createWalletRuntime(config: WalletProviderConfig): WalletRuntime {
  const wagmiConfig = config.wagmiConfig;
  const solanaNetworks = config.solana ? solanaNetworksOf(config.solana) : [];
  const bitcoinNetworks = config.bitcoin ? [bitcoinNetwork(config.bitcoin.network, config.bitcoin.balanceApiUrl)] : [];
  const networks = [
    ...(config.networks ?? wagmiConfig.chains)
      .map(toNetwork)
      .filter((n) => n.chainNamespace !== "solana" && n.chainNamespace !== "bip122"),
    ...solanaNetworks,
    ...bitcoinNetworks,
  ];
  const siwxEnabled = config.siwx !== false && (Boolean(config.siwx?.adapter) || Boolean(config.apiUrl));
  // A connection persisted from the last visit is being restored: start as connecting, never as disconnected.
  const restoring = hasPersistedConnection(wagmiConfig);
  // Analytics: an explicit endpoint wins; else the API says whether to send (held until it answers).
  const askAnalytics = !config.eventsEndpoint && Boolean(config.apiUrl) && config.analytics !== false;
  const core = createWalletCore({
    networks,
    reconnecting: restoring,
    eventsEndpoint: config.eventsEndpoint,
    awaitEventsEndpoint: askAnalytics,
    embedded: config.embedded,
    enableNetworkSwitch: config.enableNetworkSwitch,
    allowUnsupportedChain: config.allowUnsupportedChain,
    isMobile: config.isMobile,
  });
  // The embedded wallet: its connector joins the wagmi config now, so wagmi's reconnect at page load sees it.
  const embedded = config.embeddedWallet
    ? embeddedRuntimeFor(wagmiConfig, { config: config.embeddedWallet, defaultChainId: wagmiConfig.chains[0].id })
    : undefined;
  const connectAttempt = createStore<ConnectAttemptState>({
    status: "idle",
    connectorId: undefined,
    error: undefined,
  });
  const balances = createBalanceFetcher({
    onError: (message) => core.toasts.show(message, "error"),
  });

  // The Solana and bitcoin families: each one's code is a separate chunk, loaded at mount when configured.
  const solana: SolanaRuntime | undefined = config.solana
    ? createLazyChainFamily({
        core,
        namespace: "solana",
        config: config.solana,
        networks: solanaNetworks,
        ownsConnector: isSolanaConnectorId,
        create: (lazy) =>
          import("../features/solana/createSolanaFamily.js").then((m) => m.createSolanaFamily({ core, solana: lazy })),
      })
    : undefined;
  const bitcoin: BitcoinRuntime | undefined = config.bitcoin
    ? createLazyChainFamily({
        core,
        namespace: "bip122",
        config: config.bitcoin,
        networks: bitcoinNetworks,
        ownsConnector: isBitcoinConnectorId,
        create: (lazy) =>
          import("../features/bitcoin/createBitcoinFamily.js").then((m) =>
            m.createBitcoinFamily({ core, bitcoin: lazy }),
          ),
      })
    : undefined;
  const families: AnyLazyChainFamily[] = [...(solana ? [solana] : []), ...(bitcoin ? [bitcoin] : [])];
  // How many wallets of a chain family this browser offers (the family's code loads first).
  const familyWallets = async (namespace: ChainNamespace) => {
    const family = families.find((f) => f.namespace === namespace);
    return family ? (await family.load()).connectors().length : 0;
  };
  const familyClients = (): Partial<Record<ChainNamespace, FamilyClient>> => ({
    eip155: { disconnect: () => evm.disconnect() },
    ...Object.fromEntries(
      families.map((f) => [f.namespace, { disconnect: async () => (await f.load()).disconnect() }] as const),
    ),
  });

  const disconnect = async () => {
    try {
      await disconnectFamilies({
        core,
        clients: familyClients(),
      });
    } catch {
      // disconnectFamilies already showed 'Failed to disconnect' and tracked the error.
      return;
    }
    if (siwx) await siwx.signOut().catch(() => undefined);
    core.close();
  };

  const siwx = siwxEnabled
    ? createSiwxController({
        core,
        adapter:
          (config.siwx ? config.siwx.adapter : undefined) ??
          lazyApiSiwxAdapter({ baseUrl: config.apiUrl ?? "", fetch: config.fetch }),
        required: config.siwx ? config.siwx.required : false,
        statement: config.siwx ? config.siwx.statement : undefined,
        reason: config.siwx ? config.siwx.reason : undefined,
        askOnConnect: config.siwx ? config.siwx.askOnConnect : undefined,
        signMessage: (message) => evm.signMessage(message),
        disconnect: async () => {
          await disconnectFamilies({
            core,
            clients: familyClients(),
          }).catch(() => undefined);
        },
      })
    : undefined;

  const analytics = analyticsDecision(core, config, askAnalytics);

  // The EVM family: wagmi's connection shown in the core, and the connect flows of wagmi's connectors.
  const evm = createEvmConnection({
    core,
    wagmiConfig,
    networks,
    siwx,
    connectAttempt,
    embedded,
    restoring,
    smartAccount: Boolean(config.smartAccount),
  });

  const runtime: WalletRuntime = {
    core,
    wagmiConfig,
    config,
    networks,
    siwx,
    send: createSendStore(),
    names: config.apiUrl ? lazyNamesClient({ apiUrl: config.apiUrl, fetch: config.fetch }) : undefined,
    nameZone: (config.names?.zone ?? DEFAULT_NAME_ZONE).toLowerCase(),
    balances,
    solana,
    bitcoin,
    embedded,
    connectAttempt,
    analyticsReady: analytics.ready,
    async connect(connectorId, data) {
      const ctx = { core, connectAttempt };
      const family = families.find((f) => f.ownsConnector(connectorId));
      if (family) return connectFamily(ctx, family, connectorId, data);
      return evm.connect(connectorId, data);
    },
    disconnect,
    switchNetwork: (network) => switchRuntimeNetwork({ core, wagmiConfig, network, familyWallets }),
    mount() {
      analytics.ask();
      evm.sync();
      const stopEvm = evm.watch();
      const stopFamilies = watchChainFamilies(families);
      const stop = () => {
        stopEvm();
        stopFamilies();
      };
      void loadOptionalConnectors(wagmiConfig, {
        walletConnectProjectId: config.walletConnectProjectId,
        coinbase: config.coinbase,
        safe: config.safe,
        metadata: config.metadata,
      });
      return stop;
    },
  };
  return runtime;
}

/**
 * The analytics decision: when `ask` (no explicit endpoint, an API, analytics not off), the API is asked once, at
 * the first mount, and `ready` settles once its answer is applied; otherwise `ready` has settled already.
 */
function analyticsDecision(
  core: WalletCore,
  config: WalletProviderConfig,
  ask: boolean,
): { ready: Promise<void>; ask(): void } {
  let asked = false;
  let applied: () => void = () => undefined;
  const ready = ask
    ? new Promise<void>((resolve) => {
        applied = resolve;
      })
    : Promise.resolve();
  return {
    ready,
    ask() {
      if (!ask || asked || !config.apiUrl) return;
      asked = true;
      void fetchAnalyticsEndpoint(config.apiUrl, config.fetch).then((endpoint) => {
        core.bus.setEndpoint(endpoint);
        applied();
      });
    },
  };
}

/**
 * Asks the API whether analytics are on (`GET {apiUrl}/getAnalyticsConfig` → `{ isAnalyticsEnabled }`): the events
 * endpoint `{apiUrl}/e` when it is, else undefined (also when the API does not answer).
 */
export async function fetchAnalyticsEndpoint(apiUrl: string, doFetch?: typeof fetch): Promise<string | undefined> {
  const base = apiUrl.replace(/\/$/, "");
  try {
    const res = await (doFetch ?? globalThis.fetch)(`${base}/getAnalyticsConfig`, {
      headers: { accept: "application/json" },
      credentials: "omit",
    });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { isAnalyticsEnabled?: unknown };
    return body?.isAnalyticsEnabled === true ? `${base}/e` : undefined;
  } catch {
    return undefined;
  }
}
