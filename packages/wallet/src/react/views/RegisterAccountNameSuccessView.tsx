import type { RegisterAccountNameSuccessData } from "../../features/names/registerAccountName.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";

/**
 * RegisterAccountNameSuccess: shown first, while the message is signed and the name registered (with Cancel), then
 * with the registered name and a way back to the Account view.
 */
export function RegisterAccountNameSuccessView() {
  const { core } = useWalletRuntime();
  const data = useStore(core.router, (s) => s.data) as RegisterAccountNameSuccessData | undefined;
  if (!data?.name) {
    return (
      <div className="fw-stack">
        <p className="fw-muted">No name is being registered.</p>
        <button type="button" className="fw-button" onClick={() => core.router.reset("Account")}>
          Back to Account
        </button>
      </div>
    );
  }
  if (data.status === "loading") {
    return (
      <div className="fw-stack fw-center" aria-busy="true">
        <div className="fw-spinner" aria-hidden="true" />
        <p role="status">Registering {data.name}…</p>
        <p className="fw-muted">Sign the message in your wallet. It costs nothing.</p>
        {data.onCancel ? (
          <button type="button" className="fw-button fw-button-secondary" onClick={data.onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="fw-stack fw-center">
      <p role="status" className="fw-name-registered">
        {data.name}
      </p>
      <p className="fw-muted">is your name now. It shows instead of your address.</p>
      <button type="button" className="fw-button" onClick={() => core.router.reset("Account")}>
        Back to Account
      </button>
    </div>
  );
}
