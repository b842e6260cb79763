import { useEffect, useState } from "react";
import { messages } from "../../core/messages.js";
import { embeddedErrorText } from "../../features/embedded/errors.js";
import { openSocialWindow } from "../../features/embedded/socialWindow.js";
import {
  EMBEDDED_CONNECTOR_ID,
  isSocialProvider,
  NO_EMBEDDED_STATE,
  SOCIAL_PROVIDER_NAMES,
} from "../../features/embedded/types.js";
import { ErrorRetry } from "../components/ErrorRetry.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";

/**
 * A social login in its popup (spec `socialWindow`): the frame gives the provider's URL, the popup comes back to the
 * frame origin's callback page, which says SOCIAL_REDIRECT_DONE; then the frame finishes the login (CONNECT_SOCIAL).
 */
export function ConnectingSocialView() {
  const runtime = useWalletRuntime();
  const { core, embedded } = runtime;
  const provider = useStore(core.router, (s) => (typeof s.data?.provider === "string" ? s.data.provider : ""));
  const popup = useStore(embedded?.state ?? NO_EMBEDDED_STATE, (s) => s.socialWindow);
  const [error, setError] = useState<string>();
  const name = isSocialProvider(provider) ? SOCIAL_PROVIDER_NAMES[provider] : provider;
  useEffect(() => {
    if (!embedded || !popup || !isSocialProvider(provider)) return;
    let active = true;
    setError(undefined);
    void (async () => {
      try {
        const controller = await embedded.load();
        await controller.connectSocial(provider, popup);
        if (active) await runtime.connect(EMBEDDED_CONNECTOR_ID, { afterLogin: true });
      } catch (e) {
        if (active) setError(embeddedErrorText(e));
      }
    })();
    return () => {
      active = false;
    };
  }, [embedded, popup, provider, runtime]);
  const retry = () => {
    setError(undefined);
    // Opened in the click itself, or the browser blocks it again.
    embedded?.state.setState({ socialWindow: openSocialWindow() });
  };
  const blocked = !popup;
  return (
    <div className="fw-stack fw-center">
      {blocked || error ? (
        <ErrorRetry error={blocked ? messages.socialPopupBlocked : error} onRetry={retry} />
      ) : (
        <>
          <div className="fw-spinner" aria-hidden="true" />
          <p role="status">Continue in the {name} window</p>
          <p className="fw-muted">Sign in there; this window continues once you are back.</p>
        </>
      )}
    </div>
  );
}
