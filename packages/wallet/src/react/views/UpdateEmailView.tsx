import { tryAgainAfter } from "../../core/messages.js";
import { useWalletRuntime } from "../context.js";
import { useEmailCooldown } from "../hooks/useEmailCooldown.js";
import { EmailForm } from "./embedded/EmailForm.js";

/** Spec §4 email update, step 1: the new email; a code then goes to the current one (VERIFY_PRIMARY_OTP). */
export function UpdateEmailView() {
  const { core, embedded } = useWalletRuntime();
  const cooldown = useEmailCooldown();
  const update = async (email: string) => {
    if (!embedded) return;
    try {
      await (await embedded.load()).updateEmail(email);
      core.router.push("UpdateEmailPrimaryOtp", { email });
    } catch (e) {
      cooldown.restart();
      throw e;
    }
  };
  return (
    <EmailForm
      label="New email"
      submitText="Continue"
      onSubmit={update}
      hint={cooldown.seconds > 0 ? tryAgainAfter(cooldown.seconds) : undefined}
    />
  );
}
