import { BRAND_MARKS } from "../../core/brandMarks.generated.js";
import type { LoginProvider } from "../../features/embedded/types.js";

/**
 * A login provider's mark (Simple Icons, CC0, bundled: no request leaves the page) in the text's colour, so it reads
 * in light and dark; decorative: the button names the provider.
 */
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
      <path d={BRAND_MARKS[provider]} />
    </svg>
  );
}
