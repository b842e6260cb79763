import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { messages } from "../../../core/messages.js";
import { useViewState } from "../../hooks/useViewState.js";

export type OtpFormProps = {
  /** Checks the code; a rejection's message is shown under the field. */
  onSubmit(otp: string): Promise<void>;
  /** Shown while the code is checked. */
  busyText?: string;
  /** An error from outside the form (e.g. the connection after the code). */
  error?: string | undefined;
  children?: ReactNode;
};

/** A 6-digit code field with its button; errors in words, announced. */
export function OtpForm({ onSubmit, busyText = "Checking the code…", error: outerError, children }: OtpFormProps) {
  const ids = { input: useId(), error: useId() };
  const [otp, setOtp] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // The code is the one thing this view asks for: the field has the focus when the view opens.
  useEffect(() => input.current?.focus(), []);
  // View state: the secure frame may show its own step (the recovery file) over this view while the code is checked.
  const [error, setError] = useViewState<string | undefined>("otpError", undefined);
  const [busy, setBusy] = useViewState("otpBusy", false);
  const shown = error ?? outerError;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const code = otp.replace(/\s/g, "");
    if (!/^\d{6}$/.test(code)) {
      setError(messages.invalidOtp);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await onSubmit(code);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : messages.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="fw-stack" onSubmit={(e) => void submit(e)} noValidate>
      <div className="fw-field">
        <label htmlFor={ids.input}>Code</label>
        <input
          id={ids.input}
          ref={input}
          className="fw-input fw-otp-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]{6}"
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/[^\d]/g, "").slice(0, 6))}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? ids.error : undefined}
        />
      </div>
      {shown ? (
        <p id={ids.error} className="fw-error fw-wrap" role="alert">
          {shown}
        </p>
      ) : null}
      <button type="submit" className="fw-button" disabled={busy}>
        {busy ? busyText : "Continue"}
      </button>
      {children}
    </form>
  );
}
