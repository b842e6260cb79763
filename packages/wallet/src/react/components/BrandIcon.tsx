import { siApple, siDiscord, siFacebook, siFarcaster, siGithub, siGoogle, siX } from "simple-icons";
import type { LoginProvider } from "../../features/embedded/types.js";

/** The brand marks of the login providers, from Simple Icons (CC0, bundled: no request leaves the page). */
const LOGIN_ICONS: Record<LoginProvider, { path: string }> = {
  google: siGoogle,
  x: siX,
  discord: siDiscord,
  farcaster: siFarcaster,
  github: siGithub,
  apple: siApple,
  facebook: siFacebook,
};

/** A login provider's mark in the text's colour (so it reads in light and dark), decorative: the button names it. */
export function LoginProviderIcon({ provider, size = 18 }: { provider: LoginProvider; size?: number }) {
  return (
    <svg
      className="fw-brand-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      data-brand={provider}
    >
      <path d={LOGIN_ICONS[provider].path} />
    </svg>
  );
}
