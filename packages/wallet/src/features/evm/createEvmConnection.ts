import { type Chain, defineChain, type Hex } from "viem";
import type { Config, Connector } from "wagmi";
import {
  type GetConnectionReturnType,
  getConnection,
  signMessage,
  connect as wagmiConnect,
  disconnect as wagmiDisconnect,
  watchConnection,
} from "wagmi/actions";
import { addRecentWallet } from "../../connectors/recentWallets.js";
import type { Store } from "../../core/createStore.js";
import type { WalletCore } from "../../core/createWalletCore.js";
import { messages } from "../../core/messages.js";
import { type CaipNetwork, toCaipNetwork } from "../../core/network.js";
import type { ViewData } from "../../core/views.js";
import { type ConnectAttemptState, connectEvm, failAttempt } from "../connect/connectFlows.js";
import type { EmbeddedRuntime } from "../embedded/embeddedRuntime.js";
import { EMBEDDED_CONNECTOR_TYPE } from "../embedded/types.js";
import type { SiwxController } from "../siwx/createSiwxController.js";
import { readPreferredAccountType } from "../smartAccount/preferredAccountType.js";

export type CreateEvmConnectionParameters = {
  core: WalletCore;
  wagmiConfig: Config;
  /** The networks the app requests (all families: the EVM ones are found by chain id). */
  networks: readonly CaipNetwork[];
  siwx: SiwxController | undefined;
  connectAttempt: Store<ConnectAttemptState>;
  /** The embedded wallet; undefined unless configured. */
  embedded: EmbeddedRuntime | undefined;
  /** A connection persisted from the last visit is being restored (the first address is a restore, not a switch). */
  restoring: boolean;
  /** Smart accounts are configured: a new address gets the preferred account type kept from the last visit. */
  smartAccount: boolean;
};

/**
 * The EVM family's connection: wagmi's connection (the one source of the EVM account, address and chain) shown in the
 * core's eip155 state, the connect flows of wagmi connectors (the embedded wallet's through its login views), what
 * follows a connection (sign-in, close), disconnect and message signing.
 */
export type EvmConnection = {
  readonly namespace: "eip155";
  /** Shows wagmi's connection (now, or the one given) in the core. */
  sync(connection?: GetConnectionReturnType): void;
  /** Follows wagmi's connection, and the embedded wallet's session (its end disconnects). Returns the cleanup. */
  watch(): () => void;
  /** Connects a wagmi connector; routes through the Connecting* views and on to sign-in or close. */
  connect(connectorId: string, data?: ViewData): Promise<void>;
  disconnect(): Promise<void>;
  signMessage(message: string): Promise<Hex>;
};

/** What the EVM connection's steps share: its parameters and what it has seen of wagmi's connection. */
type EvmConnectionState = CreateEvmConnectionParameters & {
  /**
   * Whether this page has had an EVM connection yet: only the first one after a reload is a restore (a later connect
   * or account switch is not). wagmi's state cannot tell: a restore may pass through "connecting" (wagmi's reconnect
   * can start before its storage is read), as a connect does.
   */
  everConnected: boolean;
  /**
   * A connect landed on an unsupported network: sign in once the wallet is on a supported one. Sign-in is this
   * layer's, not wagmi's: the flag carries it across the chain switch, which may come from the wallet at any time.
   */
  signInPending: boolean;
};

export function createEvmConnection(p: CreateEvmConnectionParameters): EvmConnection {
  const s: EvmConnectionState = { ...p, everConnected: false, signInPending: false };
  const { core, wagmiConfig } = p;
  const sync = (c: GetConnectionReturnType = getConnection(wagmiConfig)) => syncConnection(s, c);
  return {
    namespace: "eip155",
    sync,
    watch() {
      // SESSION_ENDED (revoked, expired on the server): wagmi forgets the connection, the views go to Connect.
      const detachEmbedded = p.embedded?.attach(core, () => {
        void wagmiDisconnect(wagmiConfig).catch(() => undefined);
      });
      const stopWagmi = watchConnection(wagmiConfig, { onChange: (connection) => sync(connection) });
      return () => {
        detachEmbedded?.();
        stopWagmi();
      };
    },
    async connect(connectorId, data) {
      const connector = wagmiConfig.connectors.find((c) => c.id === connectorId);
      if (!connector) {
        core.toasts.show(messages.walletConnectConnectorNotFound, "error");
        return;
      }
      if (connector.type === EMBEDDED_CONNECTOR_TYPE) return connectEmbedded(s, connector, data);
      const afterConnected = (c: Connector, chainId: number) => afterConnect(s, c, chainId);
      return connectEvm({ core, connectAttempt: p.connectAttempt, wagmiConfig, afterConnected }, connector, data);
    },
    disconnect: () => wagmiDisconnect(wagmiConfig),
    signMessage: (message) => signMessage(wagmiConfig, { message }),
  };
}

/**
 * Shows wagmi's connection in the core's eip155 state, which the views share with the Solana and bitcoin families.
 * What changed is found by comparing wagmi's connection with what the core shows, so no other copy of wagmi's state
 * is kept.
 */
function syncConnection(s: EvmConnectionState, c: GetConnectionReturnType): void {
  const { core } = s;
  if (c.status === "connected" || (c.status === "reconnecting" && c.address)) {
    if (!c.address) return;
    syncAccount(s, c, c.address);
    return;
  }
  if (c.status === "connecting" || c.status === "reconnecting") {
    if (!core.state.isConnected()) core.state.setAccount("eip155", { status: "connecting" });
    return;
  }
  syncDisconnected(s);
}

/** A connected (or reconnecting) address: the account, a changed network or address, sign-in when due. */
function syncAccount(s: EvmConnectionState, c: GetConnectionReturnType, address: string): void {
  const { core, wagmiConfig, siwx } = s;
  const chainId = c.chainId ?? wagmiConfig.chains[0].id;
  const shown = core.state.chain("eip155");
  const addressChanged = address !== shown.account.address;
  const chainChanged = String(shown.network.activeNetwork?.id) !== String(chainId);
  const network = s.networks.find((n) => n.id === chainId) ?? unknownNetwork(chainId, wagmiConfig.chains);
  if (c.status === "connected") {
    core.state.setConnected("eip155", address, {
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
    if (s.signInPending && siwx && s.networks.some((n) => n.id === chainId)) {
      s.signInPending = false;
      void siwx.onConnected();
    }
  }
  if (c.status === "connected" && addressChanged && s.smartAccount) {
    // The preferred account type kept from the last visit (EOA unless the person chose a smart account).
    core.state.setAccount("eip155", { preferredAccountType: readPreferredAccountType() });
  }
  if (c.status === "connected" && addressChanged) {
    // The first address after mount of a connection persisted from the last visit: a restore, not a switch.
    const restored = s.restoring && !s.everConnected;
    s.everConnected = true;
    // The embedded panel follows the connection (a dialog is closed and opens on Account next time).
    if (core.options.embedded && isConnectView(core.router.getState().view)) core.router.reset("Account");
    // A restored connection or an account switched in the wallet: sign in unless a session exists. (A connect
    // started here signs in once it has finished, in `connect`.)
    if (siwx && s.connectAttempt.getState().status !== "connecting") void siwx.onConnected({ restored });
  }
}

/** wagmi has no connection: the EVM account is reset; the views go to Connect unless another family is active. */
function syncDisconnected(s: EvmConnectionState): void {
  const { core } = s;
  s.signInPending = false;
  if (core.state.chain("eip155").account.status !== "disconnected") core.state.resetAccount("eip155");
  // (A connected Solana account keeps its views.)
  if (core.state.getState().activeChain === "solana" && core.state.isConnected()) return;
  // (Nor does a connected bitcoin account.)
  if (core.state.getState().activeChain === "bip122" && core.state.isConnected()) return;
  if ((core.modal.getState().open || core.options.embedded) && !isConnectView(core.router.getState().view))
    core.router.reset("Connect");
}

/**
 * What follows a wagmi connection, for every EVM connector: the layer's state, the recent wallets, the event, then
 * sign-in when required (or after the switch, on an unsupported chain), and the modal closes unless sign-in is open.
 */
async function afterConnect(s: EvmConnectionState, connector: Connector, chainId: number): Promise<void> {
  const { core, siwx } = s;
  syncConnection(s, getConnection(s.wagmiConfig));
  s.connectAttempt.setState({ status: "idle", error: undefined });
  addRecentWallet(connector.id);
  core.bus.emit("CONNECT_SUCCESS", { connector: connector.id, chainId });
  if (core.router.getState().view === "UnsupportedChain") {
    s.signInPending = Boolean(siwx);
    return;
  }
  if (siwx) await siwx.onConnected();
  if (core.router.getState().view !== "SIWXSignMessage") core.close();
}

/**
 * Connects the embedded wallet once its login finished in the login views (`data.afterLogin`), or when the frame
 * still holds a session; otherwise the Connect view (its email and social logins) is where it starts. Success
 * closes the modal, as for any wallet (or leaves the sign-in prompt open).
 */
async function connectEmbedded(s: EvmConnectionState, connector: Connector, data?: ViewData): Promise<void> {
  const { core, embedded, connectAttempt } = s;
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
    const result = await wagmiConnect(s.wagmiConfig, { connector });
    controller.loginSucceeded();
    await afterConnect(s, connector, result.chainId);
  } catch (error) {
    failAttempt({ core, connectAttempt }, connector.id, error);
  } finally {
    core.setLoading("eip155", false);
  }
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

/** Views that belong to a disconnected user. */
function isConnectView(view: string): boolean {
  return view === "Connect" || view === "AllWallets" || view.startsWith("Connecting");
}
