import { openSocialWindow } from "../../../features/embedded/socialWindow.js";
import { EMBEDDED_CONNECTOR_ID, SOCIAL_PROVIDER_NAMES } from "../../../features/embedded/types.js";
import { LoginProviderIcon } from "../../components/BrandIcon.js";
import { useWalletRuntime } from "../../context.js";
import { EmailForm } from "./EmailForm.js";

/**
 * The Connect view's embedded-wallet logins: "Continue with email" and the configured social providers and
 * Farcaster (spec order). Nothing of the frame loads until one is used.
 */
export function EmbeddedLoginSection() {
  const runtime = useWalletRuntime();
  const { core, embedded } = runtime;
  if (!embedded) return null;

  const connectEmail = async (email: string) => {
    const controller = await embedded.load();
    const action = await controller.connectEmail(email);
    if (action === "VERIFY_OTP") core.router.push("EmailVerifyOtp", { email });
    else if (action === "VERIFY_DEVICE") core.router.push("EmailVerifyDevice", { email });
    else await runtime.connect(EMBEDDED_CONNECTOR_ID, { afterLogin: true });
  };

  return (
    // One "Continue with email" (the button): the section is named for assistive technology, not titled again.
    <section className="fw-stack fw-embedded-login" aria-label="Email and social login">
      <EmailForm
        className="fw-embedded-email"
        label="Email"
        hideLabel
        placeholder="you@example.com"
        submitText="Continue with email"
        onSubmit={connectEmail}
      />
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
                <LoginProviderIcon provider={provider} />
                <span>{SOCIAL_PROVIDER_NAMES[provider]}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
