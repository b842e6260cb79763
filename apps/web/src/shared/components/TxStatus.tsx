import type { TxState } from "../hooks/useFundAction";
import { TxHash } from "./TxHash";

/**
 * The status line of one action: pending (with the hash once sent), the success message, or the error.
 * Screen readers hear the result from the toasts' live region, so this line is not live itself.
 */
export function TxStatus({ state, pendingText = "Waiting for the wallet…" }: { state: TxState; pendingText?: string }) {
  return (
    <div className="tx-status">
      {state.status === "pending" && (
        <p className="tx-status__pending">
          <span className="spinner" aria-hidden="true" />
          {state.hash ? "Transaction pending…" : pendingText}
          {state.hash && <TxHash hash={state.hash} />}
        </p>
      )}
      {state.status === "success" && (
        <p className="tx-status__success">
          {state.message}
          {state.hash && <TxHash hash={state.hash} />}
        </p>
      )}
      {state.status === "error" && <p className="tx-status__error error-text">{state.message}</p>}
    </div>
  );
}
