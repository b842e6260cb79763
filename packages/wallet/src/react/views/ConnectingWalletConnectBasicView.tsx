import { useEffect, useRef } from "react";
import { WalletConnectPairing, WalletConnectUnavailable } from "../components/WalletConnectPairing.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";

/**
 * The basic WalletConnect mode (no wallet in this browser, desktop): the pairing QR code straight away, with a link
 * to the full wallet list.
 */
export function ConnectingWalletConnectBasicView() {
  const runtime = useWalletRuntime();
  const attempt = useStore(runtime.connectAttempt, (s) => s.status);
  const connector = runtime.wagmiConfig.connectors.find((c) => c.type === "walletConnect");
  const started = useRef(false);
  useEffect(() => {
    if (!connector || started.current || attempt === "connecting" || runtime.core.state.isConnected()) return;
    started.current = true;
    void runtime.connect(connector.id);
  }, [connector, attempt, runtime]);
  return (
    <div className="fw-stack">
      {connector ? <WalletConnectPairing connectorId={connector.id} /> : <WalletConnectUnavailable />}
      <button
        type="button"
        className="fw-button fw-button-secondary"
        onClick={() => runtime.core.router.push("AllWallets")}
      >
        All Wallets
      </button>
    </div>
  );
}
