import { WalletImage } from "../components/WalletImage.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";

/** Progress of a connection to an injected / announced wallet (or the dev accounts); retry after a failure. */
export function ConnectingExternalView() {
  const runtime = useWalletRuntime();
  const data = useStore(runtime.core.router, (s) => s.data);
  const attempt = useStore(runtime.connectAttempt);
  const connectorId = typeof data?.connectorId === "string" ? data.connectorId : undefined;
  const connector = runtime.wagmiConfig.connectors.find((c) => c.id === connectorId);
  const solanaConnector = runtime.solana?.connectors.getState().list.find((c) => c.id === connectorId);
  const bitcoinConnector = runtime.bitcoin?.connectors.getState().list.find((c) => c.id === connectorId);
  const name = connector?.name ?? solanaConnector?.name ?? bitcoinConnector?.name ?? "your wallet";
  return (
    <div className="fw-stack fw-center">
      <WalletImage
        src={connector?.icon ?? solanaConnector?.imageUrl ?? bitcoinConnector?.imageUrl}
        name={name}
        size={72}
      />
      {attempt.status === "error" ? (
        <>
          <p className="fw-error" role="alert">
            {attempt.error}
          </p>
          <button type="button" className="fw-button" onClick={() => connectorId && void runtime.connect(connectorId)}>
            Try again
          </button>
        </>
      ) : (
        <>
          <p role="status">Continue in {name}</p>
          <p className="fw-muted">Accept the connection request in the wallet.</p>
        </>
      )}
    </div>
  );
}
