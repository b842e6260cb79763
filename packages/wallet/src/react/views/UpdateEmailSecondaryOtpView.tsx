import { messages } from "../../core/messages.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { OtpForm } from "./embedded/OtpForm.js";

/** Spec §4 email update, step 3 (VERIFY_SECONDARY_OTP): the code sent to the new email; then back to Account. */
export function UpdateEmailSecondaryOtpView() {
  const { core, embedded } = useWalletRuntime();
  const email = useStore(core.router, (s) => (typeof s.data?.email === "string" ? s.data.email : ""));
  return (
    <div className="fw-stack">
      <p>
        Enter the code we sent to <strong>{email}</strong>.
      </p>
      <OtpForm
        onSubmit={async (otp) => {
          if (!embedded) return;
          await (await embedded.load()).updateEmailSecondaryOtp(otp);
          core.toasts.show(messages.emailUpdated, "success");
          core.router.reset("Account");
        }}
      />
    </div>
  );
}
