import { NO_EMBEDDED_STATE } from "../../features/embedded/types.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { OtpForm } from "./embedded/OtpForm.js";

/** Spec §4 email update, step 2 (VERIFY_PRIMARY_OTP): the code sent to the current email. */
export function UpdateEmailPrimaryOtpView() {
  const { core, embedded } = useWalletRuntime();
  const email = useStore(core.router, (s) => (typeof s.data?.email === "string" ? s.data.email : ""));
  const current = useStore(embedded?.state ?? NO_EMBEDDED_STATE, (s) => s.user?.email ?? "your current email");
  return (
    <div className="fw-stack">
      <p>
        To change your email to <strong>{email}</strong>, enter the code we sent to <strong>{current}</strong>.
      </p>
      <OtpForm
        onSubmit={async (otp) => {
          if (!embedded) return;
          await (await embedded.load()).updateEmailPrimaryOtp(otp);
          core.router.push("UpdateEmailSecondaryOtp", { email });
        }}
      />
    </div>
  );
}
