import type { TxState } from "../hooks/useFundAction";
import { TxHash } from "./TxHash";
import styles from "./TxStatus.module.css";

/**
 * The in-progress line of one action, beside the control that started it: waiting for the wallet, then pending with
 * the short hash once sent. The result (success or failure) is not repeated here: `useFundAction` shows it once, as a
 * toast, so transaction feedback has one place. Polite live region, so the step change is heard.
 */
export function TxStatus({ state, pendingText = "Waiting for the wallet…" }: { state: TxState; pendingText?: string }) {
  return (
    <div className={styles.status} aria-live="polite">
      {state.status === "pending" && (
        <p className={styles.pending}>
          <span className="spinner" aria-hidden="true" />
          {state.hash ? "Transaction pending…" : pendingText}
          {state.hash && <TxHash hash={state.hash} />}
        </p>
      )}
    </div>
  );
}
