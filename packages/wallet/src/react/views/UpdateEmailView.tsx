import { type FormEvent, useId, useState } from "react";
import { messages, tryAgainAfter } from "../../core/messages.js";
import { embeddedErrorText } from "../../features/embedded/errors.js";
import { isValidEmail } from "../../features/embedded/loginStorage.js";
import { useEmailCooldown } from "../../features/embedded/useEmailCooldown.js";
import { useWalletRuntime } from "../context.js";

/** Spec §4 email update, step 1: the new email; a code then goes to the current one (VERIFY_PRIMARY_OTP). */
export function UpdateEmailView() {
  const { core, embedded } = useWalletRuntime();
  const ids = { input: useId(), error: useId() };
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const cooldown = useEmailCooldown();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !embedded) return;
    const value = email.trim();
    if (!isValidEmail(value)) {
      setError(messages.invalidEmail);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await (await embedded.load()).updateEmail(value);
      core.router.push("UpdateEmailPrimaryOtp", { email: value });
    } catch (e) {
      setError(embeddedErrorText(e));
      cooldown.restart();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="fw-stack" onSubmit={(e) => void submit(e)} noValidate>
      <div className="fw-field">
        <label htmlFor={ids.input}>New email</label>
        <input
          id={ids.input}
          className="fw-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
      </div>
      {error ? (
        <p id={ids.error} className="fw-error fw-wrap" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="fw-button" disabled={busy}>
        {busy ? "Sending…" : "Continue"}
      </button>
      {cooldown.seconds > 0 && !error ? <p className="fw-muted">{tryAgainAfter(cooldown.seconds)}</p> : null}
    </form>
  );
}
