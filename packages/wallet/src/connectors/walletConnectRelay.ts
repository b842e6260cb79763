import { BaseError, isUserRejection } from "../core/errors.js";

/** How long WalletConnect may take to reach its relay and show a QR code before the person is told. */
export const WALLETCONNECT_RELAY_TIMEOUT_MS = 15_000;

/** Shown when the WalletConnect relay cannot be reached (offline, blocked, or down). */
export const WALLETCONNECT_UNREACHABLE =
  "Could not reach WalletConnect. Check your internet connection and try again, or connect with a browser wallet.";

/** The relay did not answer in time, or refused: `shortMessage` is the text a person reads. */
export class WalletConnectUnreachableError extends BaseError {
  override name = "WalletConnectUnreachableError";
  constructor(parameters: { cause?: unknown; details?: string } = {}) {
    super(WALLETCONNECT_UNREACHABLE, parameters);
  }
}

type Emitter = {
  on(event: "message", listener: (data: { type: string; data?: unknown }) => void): void;
  off(event: "message", listener: (data: { type: string; data?: unknown }) => void): void;
};

/**
 * Runs WalletConnect's connect with a bound on the part that needs the relay: until the pairing URI arrives
 * (`display_uri`), a failure or `timeoutMs` without one gives `WalletConnectUnreachableError`. Once the QR code is
 * shown, the person has the pairing's own lifetime to scan it; a refusal in the wallet stays a refusal.
 */
export async function withRelayTimeout<T>(
  connect: () => Promise<T>,
  { emitter, timeoutMs = WALLETCONNECT_RELAY_TIMEOUT_MS }: { emitter: Emitter; timeoutMs?: number | undefined },
): Promise<T> {
  let paired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onMessage: ((m: { type: string; data?: unknown }) => void) | undefined;
  const unreachable = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new WalletConnectUnreachableError({ details: `no pairing URI after ${timeoutMs} ms` })),
      timeoutMs,
    );
    onMessage = ({ type }) => {
      if (type !== "display_uri") return;
      paired = true;
      clearTimeout(timer);
    };
    emitter.on("message", onMessage);
  });
  unreachable.catch(() => undefined);
  try {
    return await Promise.race([
      connect().catch((error: unknown) => {
        if (paired || isUserRejection(error)) throw error;
        throw new WalletConnectUnreachableError({ cause: error });
      }),
      unreachable,
    ]);
  } finally {
    clearTimeout(timer);
    if (onMessage) emitter.off("message", onMessage);
  }
}
