import { useEffect, useRef, useState } from "react";
import { embeddedErrorText } from "../../../features/embedded/errors.js";
import { FRAME_TITLE } from "../../../features/embedded/frameClient.js";
import { showFrameOver } from "../../../features/embedded/framePosition.js";
import { useWalletRuntime } from "../../context.js";

/**
 * The box the secure frame is shown over while it is visible (SHOW … HIDE). The frame itself stays where it was
 * mounted; this only reserves its place in the view and keeps it positioned there.
 */
export function EmbeddedFrameSlot() {
  const { embedded } = useWalletRuntime();
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!embedded) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void embedded
      .load()
      .then((controller) => {
        const iframe = controller.client.iframe();
        if (cancelled || !iframe || !ref.current) return;
        stop = showFrameOver(iframe, ref.current);
        // Keyboard users land in the frame (its first control).
        iframe.focus();
      })
      .catch((e) => setError(embeddedErrorText(e)));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [embedded]);
  return (
    <div ref={ref} className="fw-embedded-frame-slot" data-testid="embedded-frame-slot">
      {error ? (
        <p className="fw-error" role="alert">
          {error}
        </p>
      ) : (
        <span className="fw-visually-hidden">{FRAME_TITLE}</span>
      )}
    </div>
  );
}
