import { useState } from "react";
import { createStore } from "../../core/createStore.js";
import type { SiwxState } from "../../features/siwx/createSiwxController.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";

const idleSiwx = createStore<SiwxState>({ status: "idle", message: undefined, session: null });

/** Shown when signing out fails (the app's server cannot be reached). */
export const SIGN_OUT_FAILED = "Sign-out failed: the app's server cannot be reached. Try again later.";

/**
 * Sign-in where a person can choose it (the Account view): why the app asks and a "Sign in" action that opens the
 * sign-message view; "Signed in" and "Sign out" while this account has a session. Nothing without SIWX.
 */
export function SignInSection({ address }: { address: string }) {
  const { siwx, core } = useWalletRuntime();
  const state = useStore(siwx ?? idleSiwx);
  const [busy, setBusy] = useState(false);
  if (!siwx) return null;
  const signedIn = Boolean(state.session && state.session.address.toLowerCase() === address.toLowerCase());
  return (
    <section className="fw-stack fw-signin" aria-labelledby="fw-signin-title">
      <h3 className="fw-subtitle" id="fw-signin-title">
        Session
      </h3>
      {signedIn ? (
        <>
          <p data-testid="siwx-status">Signed in</p>
          <button
            type="button"
            className="fw-button fw-button-secondary"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              siwx
                .signOut()
                .catch(() => core.toasts.show(SIGN_OUT_FAILED, "error"))
                .finally(() => setBusy(false));
            }}
          >
            Sign out
          </button>
        </>
      ) : (
        <>
          <p className="fw-muted" data-testid="siwx-account-reason">
            {siwx.reason}
          </p>
          {state.status === "error" && state.message ? (
            <p className="fw-error" role="alert">
              {state.message}
            </p>
          ) : null}
          <button
            type="button"
            className="fw-button"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              siwx
                .request()
                .catch(() => undefined)
                .finally(() => setBusy(false));
            }}
          >
            Sign in
          </button>
        </>
      )}
    </section>
  );
}
