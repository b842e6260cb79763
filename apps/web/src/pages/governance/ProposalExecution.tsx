import { executeProposal, executeProposalActions, type ProposalView, queueProposal } from "@fundament/sdk";
import { type RefObject, useEffect, useRef } from "react";
import { TxStatus } from "../../shared/components/TxStatus";
import { focusResult, type TxState, useFundAction } from "../../shared/hooks/useFundAction";
import { formatDateTime } from "../../shared/lib/format";
import { countdown } from "../../shared/timelock/usePendingChanges";
import { isExecutable } from "./governance.helpers";
import styles from "./ProposalCard.module.css";

/** A write's failure (the wallet's refusal, the contract's), beside the button that sent it. */
export function ActionError({ state }: { state: TxState }) {
  if (state.status !== "error") return null;
  return (
    <p className={`error-text small ${styles.standing}`} data-testid="proposal-error">
      {state.message}
    </p>
  );
}

/**
 * What anyone can do with a proposal once its voting is over: execute a passed signal; queue a passed proposal's
 * actions in the timelock; execute them once the timelock's delay has passed (a countdown on the chain's clock until
 * then). Nothing without a wallet; a cancelled proposal says so. After Queue, focus lands on when its actions can
 * run; after Execute, on the card (its button is gone, its badge changed).
 */
export function ProposalExecution({
  proposal,
  connected,
  now,
  card,
}: {
  proposal: ProposalView;
  connected: boolean;
  /** The chain's clock, in seconds. */
  now: number;
  /** The proposal's card, where focus lands once it is executed. */
  card: RefObject<HTMLElement | null>;
}) {
  const executeSignal = useFundAction(executeProposal, { sender: "investor" });
  const queue = useFundAction(queueProposal, { sender: "investor" });
  const execute = useFundAction(executeProposalActions, { sender: "investor" });
  const busy = [executeSignal, queue, execute].some((a) => a.state.status === "pending");
  const waitId = `proposal-${proposal.id}-wait`;
  const waitLine = useRef<HTMLParagraphElement>(null);
  const queued = proposal.state === "queued" && queue.state.status === "success";
  const executed =
    proposal.state === "executed" && (execute.state.status === "success" || executeSignal.state.status === "success");
  useEffect(() => {
    if (queued) focusResult(waitLine.current);
  }, [queued]);
  useEffect(() => {
    if (executed) focusResult(card.current);
  }, [executed, card]);

  if (proposal.state === "canceled") {
    return (
      <p className={`muted small ${styles.standing}`}>
        Its queued actions were cancelled in the timelock: they will not run.
      </p>
    );
  }
  if (!connected) return null;

  const button = (label: string, action: typeof queue | typeof execute | typeof executeSignal, run: () => void) => (
    <button
      type="button"
      className="button button--primary"
      disabled={busy}
      aria-busy={action.state.status === "pending"}
      onClick={run}
    >
      {action.state.status === "pending" && <span className="spinner" aria-hidden="true" />}
      {label}
    </button>
  );

  if (proposal.canExecute) {
    return (
      <>
        <p className={`muted small ${styles.standing}`}>
          Voting ended with more votes for than against: anyone can execute it now.
        </p>
        <div className={styles.actions}>
          {button("Execute proposal", executeSignal, () => void executeSignal.run({ proposalId: proposal.id }))}
        </div>
        <TxStatus state={executeSignal.state} />
        <ActionError state={executeSignal.state} />
      </>
    );
  }
  if (proposal.canQueue) {
    return (
      <>
        <p className={`muted small ${styles.standing}`}>
          Voting passed: anyone can queue its actions in the timelock. After the timelock's delay, anyone can execute
          them.
        </p>
        <div className={styles.actions}>
          {button("Queue", queue, () => void queue.run({ proposalId: proposal.id, actions: proposal.actions }))}
        </div>
        <TxStatus state={queue.state} />
        <ActionError state={queue.state} />
      </>
    );
  }
  if (proposal.state === "queued") {
    const ready = isExecutable(proposal, now);
    return (
      <>
        <p ref={waitLine} id={waitId} className={`muted small ${styles.standing}`} data-testid="proposal-wait">
          {ready
            ? "The timelock's delay has passed: anyone can execute its actions now."
            : `Its actions wait in the timelock: anyone can execute them from ${formatDateTime(proposal.executableAt * 1000)} (${countdown(proposal.executableAt, now)}).`}
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className="button button--primary"
            disabled={busy || !ready}
            aria-busy={execute.state.status === "pending"}
            aria-describedby={waitId}
            onClick={() => void execute.run({ proposalId: proposal.id, actions: proposal.actions })}
          >
            {execute.state.status === "pending" && <span className="spinner" aria-hidden="true" />}
            Execute
          </button>
        </div>
        <TxStatus state={execute.state} />
        <ActionError state={execute.state} />
      </>
    );
  }
  return null;
}
