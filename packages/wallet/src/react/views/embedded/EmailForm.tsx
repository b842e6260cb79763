import { type FormEvent, useId, useState } from "react";
import { messages } from "../../../core/messages.js";
import { embeddedErrorText } from "../../../features/embedded/errors.js";
import { isValidEmail } from "../../../features/embedded/loginStorage.js";

export type EmailFormProps = {
  /** The field's label. */
  label: string;
  /** The button's text (it reads "Sending…" while `onSubmit` runs). */
  submitText: string;
  placeholder?: string;
  /** The form's class (default `fw-stack`). */
  className?: string;
  /** Uses the email (trimmed, valid syntax); a rejection's words are shown under the field. */
  onSubmit(email: string): Promise<void>;
  /** A quiet line under the button while there is no error (e.g. the resend cooldown). */
  hint?: string | undefined;
  /** The label is read by assistive technology but not drawn (the placeholder and the button say it). */
  hideLabel?: boolean;
};

/** An email field with its button: checks the syntax first, then sends; errors in words, announced. */
export function EmailForm({
  label,
  submitText,
  placeholder,
  className = "fw-stack",
  onSubmit,
  hint,
  hideLabel = false,
}: EmailFormProps) {
  const ids = { input: useId(), error: useId() };
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
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
      await onSubmit(value);
    } catch (e) {
      setError(embeddedErrorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={className} onSubmit={(e) => void submit(e)} noValidate>
      <div className="fw-field">
        <label htmlFor={ids.input} className={hideLabel ? "fw-visually-hidden" : undefined}>
          {label}
        </label>
        <input
          id={ids.input}
          className="fw-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={placeholder}
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
        {busy ? "Sending…" : submitText}
      </button>
      {hint && !error ? <p className="fw-muted">{hint}</p> : null}
    </form>
  );
}
