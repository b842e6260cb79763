import { WalletConnectPairing, WalletConnectUnavailable } from "../components/WalletConnectPairing.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";

/** Pair a mobile or desktop wallet through WalletConnect (the QR code and deep link). */
export function ConnectingWalletConnectView() {
  const runtime = useWalletRuntime();
  const data = useStore(runtime.core.router, (s) => s.data);
  const connector = runtime.wagmiConfig.connectors.find((c) => c.type === "walletConnect");
  if (!connector) return <WalletConnectUnavailable />;
  return (
    <WalletConnectPairing
      connectorId={connector.id}
      walletId={typeof data?.walletId === "string" ? data.walletId : undefined}
    />
  );
}
