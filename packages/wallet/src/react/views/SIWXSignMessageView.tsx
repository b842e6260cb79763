import { createStore } from "../../core/createStore.js";
import { shortenAddress } from "../../core/format.js";
import { messages } from "../../core/messages.js";
import type { SiwxState } from "../../features/siwx/createSiwxController.js";
import { SIWX_UNAVAILABLE } from "../../features/siwx/siwxTexts.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";

const idleSiwx = createStore<SiwxState>({ status: "idle", message: undefined, session: null });

/**
 * Sign in with the wallet: sign a message proving the address, with why the app asks (what the session unlocks).
 * Cancelling disconnects when sign-in is required. When the server cannot be reached, it says so (no spinner).
 */
export function SIWXSignMessageView() {
  const runtime = useWalletRuntime();
  const { siwx, core } = runtime;
  const { address } = useWalletAccount();
  const state = useStore(siwx ?? idleSiwx);
  if (!siwx) return <p className="fw-error">{messages.siwxNotEnabled}</p>;
  const busy = state.status === "authenticating";
  const host = typeof window === "undefined" ? "this app" : window.location.host;
  return (
    <div className="fw-stack fw-center">
      <p>
        {host} needs to confirm that {address ? shortenAddress(address) : "this wallet"} is yours.
      </p>
      <p data-testid="siwx-reason">
        <strong>Why: </strong>
        {siwx.reason}
      </p>
      <p className="fw-muted">Signing is free and does not send a transaction.</p>
      {state.status === "error" && state.message ? (
        <p className="fw-error" role="alert">
          {state.message}
          {state.message === messages.siwxInitFailed ? ` ${SIWX_UNAVAILABLE}` : ""}
        </p>
      ) : null}
      <div className="fw-row">
        <button
          type="button"
          className="fw-button fw-button-secondary"
          onClick={() => void siwx.cancel()}
          disabled={busy}
        >
          Cancel
        </button>
        <button
          type="button"
          className="fw-button"
          disabled={busy}
          onClick={() => {
            core.router.push("ConnectingSiwe");
            void siwx.signIn();
          }}
        >
          {busy ? messages.authenticating : "Sign"}
        </button>
      </div>
    </div>
  );
}
