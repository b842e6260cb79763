import { type FormEvent, useId, useState } from "react";
import { messages } from "../../core/messages.js";
import { useWalletRuntime } from "../../react/context.js";
import { embeddedErrorText } from "./errors.js";
import { isValidEmail } from "./loginStorage.js";
import { openSocialWindow } from "./socialWindow.js";
import { EMBEDDED_CONNECTOR_ID, SOCIAL_PROVIDER_NAMES } from "./types.js";

/**
 * The Connect view's embedded-wallet logins: "Continue with email" and the configured social providers and
 * Farcaster (spec order). Nothing of the frame loads until one is used.
 */
export function EmbeddedLoginSection() {
  const runtime = useWalletRuntime();
  const { core, embedded } = runtime;
  const ids = { input: useId(), error: useId(), heading: useId() };
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!embedded) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = email.trim();
    if (!isValidEmail(value)) {
      setError(messages.invalidEmail);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const controller = await embedded.load();
      const action = await controller.connectEmail(value);
      if (action === "VERIFY_OTP") core.router.push("EmailVerifyOtp", { email: value });
      else if (action === "VERIFY_DEVICE") core.router.push("EmailVerifyDevice", { email: value });
      else await runtime.connect(EMBEDDED_CONNECTOR_ID, { afterLogin: true });
    } catch (e) {
      setError(embeddedErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="fw-stack fw-embedded-login" aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className="fw-subtitle">
        Continue with email
      </h3>
      <form className="fw-embedded-email" onSubmit={(e) => void submit(e)} noValidate>
        <div className="fw-field">
          <label htmlFor={ids.input}>Email</label>
          <input
            id={ids.input}
            className="fw-input"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
          />
        </div>
        <button type="submit" className="fw-button" disabled={busy}>
          {busy ? "Sending…" : "Continue with email"}
        </button>
      </form>
      {error ? (
        <p id={ids.error} className="fw-error fw-wrap" role="alert">
          {error}
        </p>
      ) : null}
      {embedded.providers.length > 0 ? (
        // A compact grid, so the browser wallets below stay in view; each button's name says what it does.
        <ul className="fw-social-grid" aria-label="Social logins">
          {embedded.providers.map((provider) => (
            <li key={provider}>
              <button
                type="button"
                className="fw-social-button"
                aria-label={`Continue with ${SOCIAL_PROVIDER_NAMES[provider]}`}
                onClick={() => {
                  if (provider === "farcaster") {
                    core.router.push("ConnectingFarcaster");
                    return;
                  }
                  // Opened in the click itself: a popup opened later (after an await) is blocked.
                  embedded.state.setState({ socialWindow: openSocialWindow() });
                  core.router.push("ConnectingSocial", { provider });
                }}
              >
                {SOCIAL_PROVIDER_NAMES[provider]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
