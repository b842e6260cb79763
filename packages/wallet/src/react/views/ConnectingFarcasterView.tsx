import { useEffect, useState } from "react";
import { embeddedErrorText } from "../../features/embedded/errors.js";
import { EMBEDDED_CONNECTOR_ID } from "../../features/embedded/types.js";
import { CopyButton } from "../components/CopyButton.js";
import { ErrorRetry } from "../components/ErrorRetry.js";
import { QrCode } from "../components/QrCode.js";
import { useWalletRuntime } from "../context.js";

/** Sign In With Farcaster: the relay's request as a QR code and a link; connects once the Farcaster app approved. */
export function ConnectingFarcasterView() {
  const runtime = useWalletRuntime();
  const { embedded } = runtime;
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the "Try again" after an error
  useEffect(() => {
    if (!embedded) return;
    let active = true;
    void (async () => {
      try {
        const controller = await embedded.load();
        const uri = await controller.farcasterUri();
        if (!active) return;
        setUrl(uri);
        await controller.connectFarcaster();
        if (active) await runtime.connect(EMBEDDED_CONNECTOR_ID, { afterLogin: true });
      } catch (e) {
        if (active) setError(embeddedErrorText(e));
      }
    })();
    return () => {
      active = false;
    };
  }, [embedded, runtime, round]);
  if (error) {
    return (
      <div className="fw-stack fw-center">
        <ErrorRetry
          error={error}
          onRetry={() => {
            setError(undefined);
            setUrl(undefined);
            setRound((n) => n + 1);
          }}
        />
      </div>
    );
  }
  if (!url) {
    return (
      <div className="fw-stack fw-center">
        <div className="fw-spinner" aria-hidden="true" />
        <p role="status">Preparing the Farcaster sign-in…</p>
      </div>
    );
  }
  return (
    <div className="fw-stack fw-center">
      <p>Scan with your phone's camera or the Farcaster app</p>
      <QrCode value={url} label="Farcaster sign-in QR code" />
      <a className="fw-button" href={url} target="_blank" rel="noreferrer noopener">
        Open in Farcaster
      </a>
      <CopyButton text={url} label="Copy link" />
      <p className="fw-muted" role="status">
        Waiting for approval in Farcaster…
      </p>
    </div>
  );
}
