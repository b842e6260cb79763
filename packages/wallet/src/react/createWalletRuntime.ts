import { type Chain, defineChain } from "viem";
import type { Config, Connector } from "wagmi";
import {
  type GetConnectionReturnType,
  getConnection,
  signMessage,
  connect as wagmiConnect,
  disconnect as wagmiDisconnect,
  watchConnection,
} from "wagmi/actions";
import { loadOptionalConnectors, type OptionalConnectorsParameters } from "../connectors/loadOptionalConnectors.js";
import { addRecentWallet } from "../connectors/recentWallets.js";
import type { ChainNamespace } from "../core/caip.js";
import { DEFAULT_NAME_ZONE } from "../core/constants.js";
import { createStore, type Store } from "../core/createStore.js";
import { createWalletCore, type WalletCore } from "../core/createWalletCore.js";
import { loadOnce } from "../core/loadOnce.js";
import { messages } from "../core/messages.js";
import { type CaipNetwork, toCaipNetwork } from "../core/network.js";
import type { ViewData } from "../core/views.js";
import { createBalanceFetcher } from "../features/balances/createBalanceFetcher.js";
import type { TokenListEntry } from "../features/balances/getBalances.js";
import { bitcoinNetwork } from "../features/bitcoin/networks.js";
import {
  type BitcoinConfig,
  type BitcoinConnectorItem,
  type BitcoinFamily,
  type BitcoinRuntime,
  isBitcoinConnectorId,
} from "../features/bitcoin/types.js";
import { disconnect as disconnectFamilies } from "../features/disconnect/disconnect.js";
import { type EmbeddedRuntime, embeddedRuntimeFor } from "../features/embedded/embeddedRuntime.js";
import { EMBEDDED_CONNECTOR_TYPE, type EmbeddedWalletConfig } from "../features/embedded/types.js";
import type { NamesClient } from "../features/names/createNamesClient.js";
import { lazyNamesClient } from "../features/names/lazyNamesClient.js";
import { createSendStore, type SendStore } from "../features/send/createSendStore.js";
import { createSiwxController, type SiwxController } from "../features/siwx/createSiwxController.js";
import { lazyApiSiwxAdapter } from "../features/siwx/lazyApiSiwxAdapter.js";
import type { SiwxAdapter } from "../features/siwx/types.js";
import { readPreferredAccountType } from "../features/smartAccount/preferredAccountType.js";
import type { SmartAccountConfig } from "../features/smartAccount/types.js";
import { solanaNetworksOf } from "../features/solana/solanaNetworks.js";
import {
  isSolanaConnectorId,
  type SolanaConfig,
  type SolanaConnectorItem,
  type SolanaFamily,
  type SolanaRuntime,
} from "../features/solana/types.js";
import { hasPersistedConnection } from "./persistedConnection.js";
import { type ConnectAttemptState, connectEvm, connectWalletStandard, failAttempt } from "./runtime/connectFlows.js";
import { CONNECTION_DECLINED, connectorView, errorText, SWITCH_DECLINED } from "./runtime/errors.js";
import {
  getWalletNetworkIds,
  type NetworkSwitchOutcome,
  switchRuntimeNetwork,
} from "./runtime/switchRuntimeNetwork.js";

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

/** A network for a chain id the app did not request (the wallet is on it): enough to name it. */
function unknownNetwork(chainId: number, chains: readonly Chain[]): CaipNetwork {
  const chain =
    chains.find((c) => c.id === chainId) ??
    defineChain({
      id: chainId,
      name: `Chain ${chainId}`,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [] } },
    });
  return toCaipNetwork(chain);
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

  // The Solana family's code (kit, Wallet Standard) is a separate chunk, loaded at mount when configured.
  const solana: SolanaRuntime | undefined = config.solana
    ? {
        config: config.solana,
        networks: solanaNetworks,
        connectors: createStore<{ list: SolanaConnectorItem[] }>({ list: [] }),
        load: loadOnce<SolanaFamily>(() =>
          import("../features/solana/createSolanaFamily.js").then((m) =>
            m.createSolanaFamily({ core, solana: solana as SolanaRuntime }),
          ),
        ),
      }
    : undefined;
  // Solana connections are not restored after a reload: the family starts disconnected (not "connecting").
  if (solana && core.state.chain("solana").account.status === "connecting")
    core.state.setAccount("solana", { status: "disconnected" });
  // The bitcoin family's code (Wallet Standard) is a separate chunk, loaded at mount when configured.
  const bitcoin: BitcoinRuntime | undefined = config.bitcoin
    ? {
        config: config.bitcoin,
        networks: bitcoinNetworks,
        connectors: createStore<{ list: BitcoinConnectorItem[] }>({ list: [] }),
        load: loadOnce<BitcoinFamily>(() =>
          import("../features/bitcoin/createBitcoinFamily.js").then((m) =>
            m.createBitcoinFamily({ core, bitcoin: bitcoin as BitcoinRuntime }),
          ),
        ),
      }
    : undefined;
  // The bitcoin family starts disconnected (not "connecting"); it restores its last wallet silently once registered.
  if (bitcoin && core.state.chain("bip122").account.status === "connecting")
    core.state.setAccount("bip122", { status: "disconnected" });
  // How many wallets of a Wallet Standard family this browser offers (the family's code loads first).
  const familyWallets = async (namespace: ChainNamespace) => {
    if (namespace === "solana" && solana) return (await solana.load()).connectors().length;
    if (namespace === "bip122" && bitcoin) return (await bitcoin.load()).connectors().length;
    return 0;
  };
  const familyClients = () => ({
    eip155: { disconnect: () => wagmiDisconnect(wagmiConfig) },
    ...(solana ? { solana: { disconnect: async () => (await solana.load()).disconnect() } } : {}),
    ...(bitcoin ? { bip122: { disconnect: async () => (await bitcoin.load()).disconnect() } } : {}),
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
        signMessage: (message) => signMessage(wagmiConfig, { message }),
        disconnect: async () => {
          await disconnectFamilies({
            core,
            clients: familyClients(),
          }).catch(() => undefined);
        },
      })
    : undefined;

  let analyticsAsked = false;
  let analyticsApplied: () => void = () => undefined;
  const analyticsReady = askAnalytics
    ? new Promise<void>((resolve) => {
        analyticsApplied = resolve;
      })
    : Promise.resolve();
  const askAnalyticsConfig = () => {
    if (!askAnalytics || analyticsAsked || !config.apiUrl) return;
    analyticsAsked = true;
    void fetchAnalyticsEndpoint(config.apiUrl, config.fetch).then((endpoint) => {
      core.bus.setEndpoint(endpoint);
      analyticsApplied();
    });
  };

  // Whether this page has had an EVM connection yet: only the first one after a reload is a restore (a later connect
  // or account switch is not). wagmi's state cannot tell: a restore may pass through "connecting" (wagmi's reconnect
  // can start before its storage is read), as a connect does.
  let everConnected = false;
  // A connect landed on an unsupported network: sign in once the wallet is on a supported one. Sign-in is this
  // layer's, not wagmi's: the flag carries it across the chain switch, which may come from the wallet at any time.
  let signInPending = false;
  /**
   * Shows wagmi's connection (the one source of the EVM account, address and chain) in the core's eip155 state, which
   * the views share with the Solana and bitcoin families. What changed is found by comparing wagmi's connection with
   * what the core shows, so no other copy of wagmi's state is kept.
   */
  const sync = (c: GetConnectionReturnType = getConnection(wagmiConfig)) => {
    if (c.status === "connected" || (c.status === "reconnecting" && c.address)) {
      if (!c.address) return;
      const chainId = c.chainId ?? wagmiConfig.chains[0].id;
      const shown = core.state.chain("eip155");
      const addressChanged = c.address !== shown.account.address;
      const chainChanged = String(shown.network.activeNetwork?.id) !== String(chainId);
      const network = networks.find((n) => n.id === chainId) ?? unknownNetwork(chainId, wagmiConfig.chains);
      if (c.status === "connected") {
        core.state.setConnected("eip155", c.address, {
          id: c.connector?.id ?? "",
          name: c.connector?.name ?? "",
          icon: c.connector?.icon,
          rdns: Array.isArray(c.connector?.rdns) ? c.connector?.rdns[0] : c.connector?.rdns,
        });
      } else {
        core.state.setAccount("eip155", { status: "connecting" });
      }
      if (c.status === "connected" && (chainChanged || addressChanged)) {
        core.onNetworkChanged(network);
        if (signInPending && siwx && networks.some((n) => n.id === chainId)) {
          signInPending = false;
          void siwx.onConnected();
        }
      }
      if (c.status === "connected" && addressChanged && config.smartAccount) {
        // The preferred account type kept from the last visit (EOA unless the person chose a smart account).
        core.state.setAccount("eip155", { preferredAccountType: readPreferredAccountType() });
      }
      if (c.status === "connected" && addressChanged) {
        // The first address after mount of a connection persisted from the last visit: a restore, not a switch.
        const restored = restoring && !everConnected;
        everConnected = true;
        // The embedded panel follows the connection (a dialog is closed and opens on Account next time).
        if (core.options.embedded && isConnectView(core.router.getState().view)) core.router.reset("Account");
        // A restored connection or an account switched in the wallet: sign in unless a session exists. (A connect
        // started here signs in once it has finished, in `connect`.)
        if (siwx && connectAttempt.getState().status !== "connecting") void siwx.onConnected({ restored });
      }
      return;
    }
    if (c.status === "connecting" || c.status === "reconnecting") {
      if (!core.state.isConnected()) core.state.setAccount("eip155", { status: "connecting" });
      return;
    }
    // disconnected
    signInPending = false;
    if (core.state.chain("eip155").account.status !== "disconnected") core.state.resetAccount("eip155");
    // (A connected Solana account keeps its views.)
    if (core.state.getState().activeChain === "solana" && core.state.isConnected()) return;
    // (Nor does a connected bitcoin account.)
    if (core.state.getState().activeChain === "bip122" && core.state.isConnected()) return;
    if ((core.modal.getState().open || core.options.embedded) && !isConnectView(core.router.getState().view))
      core.router.reset("Connect");
  };

  /**
   * What follows a wagmi connection, for every EVM connector: the layer's state, the recent wallets, the event, then
   * sign-in when required (or after the switch, on an unsupported chain), and the modal closes unless sign-in is open.
   */
  const afterConnected = async (connector: Connector, chainId: number) => {
    sync();
    connectAttempt.setState({ status: "idle", error: undefined });
    addRecentWallet(connector.id);
    core.bus.emit("CONNECT_SUCCESS", { connector: connector.id, chainId });
    if (core.router.getState().view === "UnsupportedChain") {
      signInPending = Boolean(siwx);
      return;
    }
    if (siwx) await siwx.onConnected();
    if (core.router.getState().view !== "SIWXSignMessage") core.close();
  };

  /**
   * Connects the embedded wallet once its login finished in the login views (`data.afterLogin`), or when the frame
   * still holds a session; otherwise the Connect view (its email and social logins) is where it starts. Success
   * closes the modal, as for any wallet (or leaves the sign-in prompt open).
   */
  const connectEmbedded = async (connector: Connector, data?: ViewData) => {
    if (!embedded) return;
    connectAttempt.setState({ status: "connecting", connectorId: connector.id, error: undefined });
    core.setLoading("eip155", true);
    try {
      const controller = await embedded.load();
      if (!data?.afterLogin && !(await controller.isConnected())) {
        connectAttempt.setState({ status: "idle", error: undefined });
        core.router.reset("Connect");
        return;
      }
      const result = await wagmiConnect(wagmiConfig, { connector });
      controller.loginSucceeded();
      await afterConnected(connector, result.chainId);
    } catch (error) {
      failAttempt({ core, connectAttempt }, connector.id, error);
    } finally {
      core.setLoading("eip155", false);
    }
  };

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
    analyticsReady,
    async connect(connectorId, data) {
      const ctx = { core, connectAttempt };
      if (solana && isSolanaConnectorId(connectorId)) {
        const connect = async () => (await solana.load()).connect(connectorId);
        return connectWalletStandard(ctx, { namespace: "solana", connectorId, data, connect });
      }
      if (bitcoin && isBitcoinConnectorId(connectorId)) {
        const connect = async () => (await bitcoin.load()).connect(connectorId);
        return connectWalletStandard(ctx, { namespace: "bip122", connectorId, data, connect });
      }
      const connector = wagmiConfig.connectors.find((c) => c.id === connectorId);
      if (!connector) {
        core.toasts.show(messages.walletConnectConnectorNotFound, "error");
        return;
      }
      if (connector.type === EMBEDDED_CONNECTOR_TYPE) return connectEmbedded(connector, data);
      return connectEvm({ ...ctx, wagmiConfig, afterConnected }, connector, data);
    },
    disconnect,
    switchNetwork: (network) => switchRuntimeNetwork({ core, wagmiConfig, network, familyWallets }),
    mount() {
      askAnalyticsConfig();
      sync();
      // SESSION_ENDED (revoked, expired on the server): wagmi forgets the connection, the views go to Connect.
      const detachEmbedded = embedded?.attach(core, () => {
        void wagmiDisconnect(wagmiConfig).catch(() => undefined);
      });
      const stopWagmi = watchConnection(wagmiConfig, { onChange: (connection) => sync(connection) });
      let stopSolana: (() => void) | undefined;
      let stopBitcoin: (() => void) | undefined;
      let unmounted = false;
      if (solana)
        void solana
          .load()
          .then((family) => {
            if (!unmounted) stopSolana = family.watchWallets();
          })
          .catch((error) => console.warn("[wallet] the Solana family did not load", error));
      if (bitcoin)
        void bitcoin
          .load()
          .then((family) => {
            if (!unmounted) stopBitcoin = family.watchWallets();
          })
          .catch((error) => console.warn("[wallet] the bitcoin family did not load", error));
      const stop = () => {
        unmounted = true;
        detachEmbedded?.();
        stopWagmi();
        stopSolana?.();
        stopBitcoin?.();
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

/** Views that belong to a disconnected user. */
function isConnectView(view: string): boolean {
  return view === "Connect" || view === "AllWallets" || view.startsWith("Connecting");
}
