import type { Config, CreateConnectorFn } from "wagmi";
import { addConnector } from "./addConnector.js";

export type OptionalConnectorsParameters = {
  /** WalletConnect is offered only when a project id is configured (WALLETCONNECT_PROJECT_ID). */
  walletConnectProjectId?: string | undefined;
  /** Coinbase / Base wallet SDK connector. Off by default: the SDK contacts Coinbase. */
  coinbase?: { appName: string } | undefined;
  /** Safe Apps connector, when the app runs inside a Safe iframe. */
  safe?: boolean | undefined;
  /** Metadata WalletConnect shows in the wallet. */
  metadata?: { name: string; description: string; url: string; icons: string[] } | undefined;
};

/**
 * Loads the optional connectors with dynamic imports, only those configured. Each needs its SDK installed in the
 * app (`@walletconnect/ethereum-provider`, `@coinbase/wallet-sdk`, `@safe-global/safe-apps-sdk` +
 * `@safe-global/safe-apps-provider`). Returns the ids added; failures are logged and skipped.
 */
export async function loadOptionalConnectors(config: Config, p: OptionalConnectorsParameters): Promise<string[]> {
  const added: string[] = [];
  const tasks: Promise<void>[] = [];
  if (p.walletConnectProjectId) {
    const projectId = p.walletConnectProjectId;
    tasks.push(
      import("wagmi/connectors/walletConnect").then(({ walletConnect }) => {
        // showQrModal false: we draw our own QR in the ConnectingWalletConnect view.
        addConnector(
          config,
          walletConnect({ projectId, showQrModal: false, metadata: p.metadata }) as unknown as CreateConnectorFn,
        );
        added.push("walletConnect");
      }),
    );
  }
  if (p.coinbase) {
    const appName = p.coinbase.appName;
    tasks.push(
      import("wagmi/connectors/coinbaseWallet").then(({ coinbaseWallet }) => {
        addConnector(config, coinbaseWallet({ appName }) as unknown as CreateConnectorFn);
        added.push("coinbaseWalletSDK");
      }),
    );
  }
  if (p.safe && typeof window !== "undefined" && window.parent !== window) {
    tasks.push(
      import("wagmi/connectors/safe").then(({ safe }) => {
        addConnector(config, safe() as unknown as CreateConnectorFn);
        added.push("safe");
      }),
    );
  }
  const results = await Promise.allSettled(tasks);
  for (const r of results) if (r.status === "rejected") console.error("[wallet] optional connector failed", r.reason);
  return added;
}
