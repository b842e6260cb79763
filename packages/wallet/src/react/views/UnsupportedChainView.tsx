import { useWalletRuntime } from "../context.js";
import { NetworkList } from "./NetworksView.js";

/** The wallet is on a network the app does not support: switch, or disconnect. */
export function UnsupportedChainView() {
  const runtime = useWalletRuntime();
  return (
    <div className="fw-stack">
      <p role="alert">This app doesn't support your current network. Switch to an available option to continue.</p>
      <NetworkList />
      <button type="button" className="fw-button fw-button-secondary" onClick={() => void runtime.disconnect()}>
        Disconnect
      </button>
    </div>
  );
}
