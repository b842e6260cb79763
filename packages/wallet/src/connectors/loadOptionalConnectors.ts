import type { Config, CreateConnectorFn } from "wagmi";
import { lazyConnector, wasLastConnector } from "./lazyConnector.js";
import { addConnector } from "./wagmiPrivate.js";
import { withRelayTimeout } from "./walletConnectRelay.js";

export type OptionalConnectorsParameters = {
  /** WalletConnect is offered only when a project id is configured (WALLETCONNECT_PROJECT_ID). */
  walletConnectProjectId?: string | undefined;
  /** A self-hosted (or test) WalletConnect relay, e.g. `wss://relay.example`; default WalletConnect's own. */
  walletConnectRelayUrl?: string | undefined;
  /** How long WalletConnect may take to show a QR code before 'Could not reach WalletConnect…'. Default 15 s. */
  walletConnectTimeoutMs?: number | undefined;
  /** Coinbase / Base wallet SDK connector. Off by default: the SDK contacts Coinbase. */
  coinbase?: { appName: string } | undefined;
  /** Safe Apps connector, offered only when the app runs inside a Safe (an iframe). */
  safe?: boolean | undefined;
  /** Metadata WalletConnect shows in the wallet. */
  metadata?: { name: string; description: string; url: string; icons: string[] } | undefined;
};

/** Whether this page is framed (a Safe loads its apps in an iframe). */
export function isInIframe(): boolean {
  try {
    return typeof window !== "undefined" && window.parent !== window;
  } catch {
    return true;
  }
}

/**
 * The WalletConnect connector, loaded when it is first used: wagmi's connector and
 * `@walletconnect/ethereum-provider` stay out of the first view. `showQrModal: false`: we draw our own QR code in
 * the ConnectingWalletConnect view. Until the QR code shows, the relay is given `timeoutMs`.
 */
export function walletConnectConnector(p: {
  projectId: string;
  relayUrl?: string | undefined;
  timeoutMs?: number | undefined;
  metadata?: OptionalConnectorsParameters["metadata"];
}): CreateConnectorFn {
  return lazyConnector({
    id: "walletConnect",
    name: "WalletConnect",
    type: "walletConnect",
    load: async () => {
      const { walletConnect } = await import("wagmi/connectors/walletConnect");
      return walletConnect({
        projectId: p.projectId,
        showQrModal: false,
        metadata: p.metadata,
        ...(p.relayUrl ? { relayUrl: p.relayUrl } : {}),
      });
    },
    eager: (storage) => wasLastConnector(storage, "walletConnect"),
    wrapConnect: (connect, { emitter }) => withRelayTimeout(connect, { emitter, timeoutMs: p.timeoutMs }),
  });
}

/** The Coinbase Wallet SDK connector (`@coinbase/wallet-sdk`), loaded when it is first used. */
export function coinbaseConnector(p: { appName: string }): CreateConnectorFn {
  return lazyConnector({
    id: "coinbaseWalletSDK",
    name: "Coinbase Wallet",
    type: "coinbaseWallet",
    load: async () => {
      const { coinbaseWallet } = await import("wagmi/connectors/coinbaseWallet");
      return coinbaseWallet({ appName: p.appName });
    },
    eager: (storage) => wasLastConnector(storage, "coinbaseWalletSDK"),
  });
}

/** The Safe Apps connector (`@safe-global/safe-apps-sdk` + provider). Inside a Safe it connects on its own. */
export function safeConnector(): CreateConnectorFn {
  return lazyConnector({
    id: "safe",
    name: "Safe",
    type: "safe",
    load: async () => {
      const { safe } = await import("wagmi/connectors/safe");
      return safe();
    },
    eager: () => isInIframe(),
  });
}

/**
 * Adds the optional connectors that are configured: WalletConnect with a project id, Coinbase when enabled, Safe
 * only inside a Safe iframe. Their code loads when a person picks one (see `lazyConnector`). Each needs its SDK
 * installed in the app (`@walletconnect/ethereum-provider`, `@coinbase/wallet-sdk`, `@safe-global/safe-apps-sdk` +
 * `@safe-global/safe-apps-provider`). Returns the ids added.
 */
export function loadOptionalConnectors(config: Config, p: OptionalConnectorsParameters): string[] {
  const added: string[] = [];
  if (p.walletConnectProjectId) {
    addConnector(
      config,
      walletConnectConnector({
        projectId: p.walletConnectProjectId,
        relayUrl: p.walletConnectRelayUrl,
        timeoutMs: p.walletConnectTimeoutMs,
        metadata: p.metadata,
      }),
    );
    added.push("walletConnect");
  }
  if (p.coinbase) {
    addConnector(config, coinbaseConnector(p.coinbase));
    added.push("coinbaseWalletSDK");
  }
  if (p.safe && isInIframe()) {
    addConnector(config, safeConnector());
    added.push("safe");
  }
  return added;
}
