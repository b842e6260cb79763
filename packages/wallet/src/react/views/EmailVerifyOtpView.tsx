import { useState } from "react";
import { tryAgainAfter } from "../../core/messages.js";
import { embeddedErrorText } from "../../features/embedded/errors.js";
import { EMBEDDED_CONNECTOR_ID } from "../../features/embedded/types.js";
import { useWalletRuntime } from "../context.js";
import { useEmailCooldown } from "../hooks/useEmailCooldown.js";
import { useStore } from "../hooks/useStore.js";
import { OtpForm } from "./embedded/OtpForm.js";

/** Spec VERIFY_OTP: the 6-digit code mailed to the person; "Resend code" after the 30 s cooldown. */
export function EmailVerifyOtpView() {
  const runtime = useWalletRuntime();
  const { core, embedded } = runtime;
  const email = useStore(core.router, (s) => (typeof s.data?.email === "string" ? s.data.email : ""));
  const attempt = useStore(runtime.connectAttempt);
  const cooldown = useEmailCooldown();
  const [resend, setResend] = useState<{ error?: string; status?: string }>({});
  if (!embedded) return null;
  const connectError =
    attempt.status === "error" && attempt.connectorId === EMBEDDED_CONNECTOR_ID ? attempt.error : undefined;
  return (
    <div className="fw-stack">
      <p>
        We sent a 6-digit code to <strong>{email}</strong>. Enter it to continue.
      </p>
      <OtpForm
        error={connectError}
        onSubmit={async (otp) => {
          const controller = await embedded.load();
          await controller.connectOtp(otp);
          await runtime.connect(EMBEDDED_CONNECTOR_ID, { afterLogin: true });
        }}
      >
        <button
          type="button"
          className="fw-button fw-button-secondary"
          disabled={cooldown.seconds > 0}
          onClick={async () => {
            setResend({});
            try {
              const controller = await embedded.load();
              const action = await controller.connectEmail(email);
              cooldown.restart();
              if (action === "VERIFY_DEVICE") core.router.replace("EmailVerifyDevice", { email });
              else setResend({ status: "A new code is on its way." });
            } catch (e) {
              setResend({ error: embeddedErrorText(e) });
              cooldown.restart();
            }
          }}
        >
          Resend code
        </button>
        {/* The countdown is not live (it would be read every second); the outcome of a resend is. */}
        {cooldown.seconds > 0 ? <p className="fw-muted">{tryAgainAfter(cooldown.seconds)}</p> : null}
        <p className="fw-muted" role="status">
          {resend.status ?? ""}
        </p>
        {resend.error ? (
          <p className="fw-error fw-wrap" role="alert">
            {resend.error}
          </p>
        ) : null}
      </OtpForm>
    </div>
  );
}
