import { useEffect, useRef } from "react";
import { TxHash } from "../../shared/components/TxHash";
import txStyles from "../../shared/components/TxStatus.module.css";
import styles from "./InvestWidget.module.css";
import { INVEST_CONFIRMED, investStatusText } from "./invest.helpers";
import type { InvestFlowState } from "./useInvestFlow";

/**
 * Under the form: the status line while the investment runs (what to confirm, what is being mined, with the hash),
 * then the result once mined ("Investment confirmed." with its transaction and the path it took) or the failure.
 * Focus lands on the result after a success and on the error text after a failure.
 */
export function InvestOutcome({ state, busy }: { state: InvestFlowState; busy: boolean }) {
  const resultText = useRef<HTMLParagraphElement>(null);
  const failureText = useRef<HTMLParagraphElement>(null);
  const { phase } = state;
  useEffect(() => {
    if (phase === "success") resultText.current?.focus();
    else if (phase === "error") failureText.current?.focus();
  }, [phase]);
  const statusText = investStatusText(state);
  const pendingHash = state.hash ?? state.approvalHash;
  const ended = phase === "success" || phase === "error";
  return (
    <div className={styles.status} aria-live="polite">
      {busy && statusText && (
        <p className={txStyles.pending} data-testid="invest-status">
          {statusText}
          {pendingHash && (
            <>
              {" "}
              <TxHash hash={pendingHash} />
            </>
          )}
        </p>
      )}
      {phase === "success" && (
        <p className={txStyles.success} ref={resultText} tabIndex={-1} data-testid="invest-result">
          {INVEST_CONFIRMED}
          {state.hash && <TxHash hash={state.hash} />}
        </p>
      )}
      {phase === "success" && state.pathText && (
        <p className="figure__note" data-testid="invest-path">
          {state.pathText}
        </p>
      )}
      {ended && state.fallback && (
        <p className="figure__note" data-testid="invest-fallback">
          {state.fallback}
        </p>
      )}
      {phase === "error" && state.message && (
        <p className="error-text" role="alert" ref={failureText} tabIndex={-1} data-testid="invest-failure">
          {state.message}
        </p>
      )}
    </div>
  );
}
