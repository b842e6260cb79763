import { useEffect, useState } from "react";
import { approveThisDevice, tryAgainAfter } from "../../core/messages.js";
import { embeddedErrorText } from "../../features/embedded/errors.js";
import { EMBEDDED_CONNECTOR_ID } from "../../features/embedded/types.js";
import { ErrorRetry } from "../components/ErrorRetry.js";
import { useWalletRuntime } from "../context.js";
import { useEmailCooldown } from "../hooks/useEmailCooldown.js";
import { useStore } from "../hooks/useStore.js";

/**
 * Spec VERIFY_DEVICE: an existing user on a new device approves it from the link mailed to them. The view keeps
 * asking the frame (CONNECT_DEVICE) until the link was opened, then asks for the code (CONNECT_EMAIL again).
 */
export function EmailVerifyDeviceView() {
  const runtime = useWalletRuntime();
  const { core, embedded } = runtime;
  const email = useStore(core.router, (s) => (typeof s.data?.email === "string" ? s.data.email : ""));
  const [error, setError] = useState<string>();
  const [round, setRound] = useState(0);
  const [resend, setResend] = useState<string>();
  const cooldown = useEmailCooldown();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the "Try again" after an error
  useEffect(() => {
    if (!embedded) return;
    const abort = new AbortController();
    void (async () => {
      try {
        const controller = await embedded.load();
        await controller.waitForDevice(abort.signal);
        if (abort.signal.aborted) return;
        const action = await controller.connectEmail(email, { afterDeviceApproval: true });
        if (abort.signal.aborted) return;
        if (action === "VERIFY_OTP") core.router.replace("EmailVerifyOtp", { email });
        else if (action === "CONNECT") await runtime.connect(EMBEDDED_CONNECTOR_ID, { afterLogin: true });
      } catch (e) {
        if (!abort.signal.aborted) setError(embeddedErrorText(e));
      }
    })();
    return () => abort.abort();
  }, [embedded, email, round]);
  return (
    <div className="fw-stack fw-center">
      <p>{approveThisDevice(email)}</p>
      {error ? (
        <ErrorRetry
          error={error}
          onRetry={() => {
            setError(undefined);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <>
          <div className="fw-spinner" aria-hidden="true" />
          <p className="fw-muted" role="status">
            Open the link in the email on any device; this page continues by itself.
          </p>
        </>
      )}
      <button
        type="button"
        className="fw-button fw-button-secondary"
        disabled={cooldown.seconds > 0}
        onClick={async () => {
          setResend(undefined);
          try {
            await (await embedded?.load())?.connectEmail(email);
            setResend("We sent the link again.");
          } catch (e) {
            setResend(embeddedErrorText(e));
          }
          cooldown.restart();
        }}
      >
        Resend link
      </button>
      {cooldown.seconds > 0 ? <p className="fw-muted">{tryAgainAfter(cooldown.seconds)}</p> : null}
      <p className="fw-muted" role="status">
        {resend ?? ""}
      </p>
    </div>
  );
}
