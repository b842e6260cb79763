import type { ReactNode } from "react";

export type ErrorRetryProps = {
  /** What went wrong, in words (announced). */
  error: ReactNode;
  onRetry(): void;
};

/** A failed step of a login: the error and the "Try again" button that starts it over. */
export function ErrorRetry({ error, onRetry }: ErrorRetryProps) {
  return (
    <>
      <p className="fw-error fw-wrap" role="alert">
        {error}
      </p>
      <button type="button" className="fw-button" onClick={onRetry}>
        Try again
      </button>
    </>
  );
}
