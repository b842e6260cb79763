import { messages } from "../../core/messages.js";
import { useWalletRuntime } from "../context.js";

/** Sign-in in progress: 'Authenticating...' while the wallet signs and the API verifies. */
export function ConnectingSiweView() {
  const { siwx } = useWalletRuntime();
  return (
    <div className="fw-stack fw-center">
      <div className="fw-spinner" aria-hidden="true" />
      <p role="status">{messages.authenticating}</p>
      <p className="fw-muted">Sign the message in your wallet.</p>
      {siwx ? (
        <button type="button" className="fw-button fw-button-secondary" onClick={() => void siwx.cancel()}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
