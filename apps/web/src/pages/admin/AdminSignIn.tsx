import { useWalletRuntime } from "@fundament/wallet/react";
import { useCallback, useState, useSyncExternalStore } from "react";

/** The signed-in account of the wallet layer's SIWX session (lowercase), null without one or without SIWX. */
export function useSessionAddress(): string | null {
  const { siwx } = useWalletRuntime();
  const subscribe = useCallback((onChange: () => void) => siwx?.subscribe(onChange) ?? (() => undefined), [siwx]);
  return useSyncExternalStore(subscribe, () => siwx?.getState().session?.address.toLowerCase() ?? null);
}

/** Opens the wallet layer's sign-in with `reason`; `asking` while it is open. `signIn` is undefined without SIWX. */
export function useAdminSignIn(reason: string, onSignedIn: () => void) {
  const { siwx } = useWalletRuntime();
  const [asking, setAsking] = useState(false);
  const signIn = siwx
    ? () => {
        setAsking(true);
        siwx
          .request(reason)
          .then((hasSession) => {
            if (hasSession) onSignedIn();
          })
          .catch(() => undefined)
          .finally(() => setAsking(false));
      }
    : undefined;
  return { signIn, asking };
}

export type SignInPromptProps = {
  /** The sentence saying what signing in shows. */
  sentence: string;
  /** The prompt's `data-testid`. */
  testId: string;
  /** The sentence's `<p>` class, none by default. */
  sentenceClassName?: string;
  /** The "Sign in" button's class. */
  buttonClassName: string;
} & ReturnType<typeof useAdminSignIn>;

/**
 * "Sign in to see this", where the fund's server answered 401: the sentence, and a "Sign in" button opening the
 * wallet layer's SIWE sign-in (`useAdminSignIn`'s `signIn` and `asking`; no button without SIWX).
 */
export function SignInPrompt({
  sentence,
  testId,
  sentenceClassName,
  buttonClassName,
  signIn,
  asking,
}: SignInPromptProps) {
  return (
    <div className="stack" data-testid={testId}>
      <p className={sentenceClassName}>{sentence}</p>
      {signIn && (
        <div>
          <button type="button" className={buttonClassName} onClick={signIn} disabled={asking} aria-busy={asking}>
            Sign in
          </button>
        </div>
      )}
    </div>
  );
}
