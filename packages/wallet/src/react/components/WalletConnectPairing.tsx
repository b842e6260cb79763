import { useEffect, useState } from "react";
import { getWalletLink } from "../../connectors/getWallets.js";
import { walletDirectory } from "../../connectors/walletDirectory.js";
import { isPairingExpired } from "../../core/pairing.js";
import { useWalletRuntime } from "../context.js";
import { useIsMobile } from "../hooks/useIsMobile.js";
import { useStore } from "../hooks/useStore.js";
import { CopyButton } from "./CopyButton.js";
import { QrCode } from "./QrCode.js";

/**
 * The WalletConnect pairing: our own QR code of the pairing URI (no third-party modal), the wallet's deep link when
 * one was picked, copy, and a refresh once the pairing has expired (4 min, counted 10 s early).
 */
export function WalletConnectPairing({
  connectorId,
  walletId,
}: {
  connectorId: string;
  walletId?: string | undefined;
}) {
  const runtime = useWalletRuntime();
  const { uri, pairingExpiry } = useStore(runtime.core.walletConnect);
  const attempt = useStore(runtime.connectAttempt);
  const isMobile = useIsMobile();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const expired = uri !== undefined && isPairingExpired(pairingExpiry, now);
  const wallet = walletId ? walletDirectory.find((w) => w.id === walletId) : undefined;
  if (attempt.status === "error" || expired) {
    return (
      <div className="fw-stack fw-center">
        <p className="fw-error" role="alert">
          {expired ? "The QR code has expired" : attempt.error}
        </p>
        <button type="button" className="fw-button" onClick={() => void runtime.connect(connectorId, { walletId })}>
          {expired ? "Refresh" : "Try again"}
        </button>
      </div>
    );
  }
  if (!uri) {
    return (
      <div className="fw-stack fw-center">
        <div className="fw-spinner" role="status" aria-label="Generating QR code" />
      </div>
    );
  }
  return (
    <div className="fw-stack fw-center">
      <QrCode value={uri} label={`WalletConnect QR code${wallet ? ` for ${wallet.name}` : ""}`} />
      <p className="fw-muted">Scan with {wallet ? wallet.name : "your phone's wallet"}</p>
      <div className="fw-row">
        {wallet ? (
          <a className="fw-button" href={getWalletLink(wallet, { isMobile, uri })}>
            Open {wallet.name}
          </a>
        ) : null}
        <CopyButton text={uri} label="Copy link" />
      </div>
    </div>
  );
}

/** Shown when WalletConnect is requested but no project id is configured. */
export function WalletConnectUnavailable() {
  return (
    <div className="fw-stack fw-center" role="alert">
      <p className="fw-error">Project ID Not Configured</p>
      <p className="fw-muted">WalletConnect needs WALLETCONNECT_PROJECT_ID. Use a browser wallet instead.</p>
    </div>
  );
}
