import { castVote, type VoteChoice } from "@fundament/sdk";
import { useWalletCore } from "@fundament/wallet/react";
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { TxStatus } from "../../shared/components/TxStatus";
import { type TxState, useFundAction } from "../../shared/hooks/useFundAction";
import { reviewText } from "./governance.helpers";
import styles from "./ProposalCard.module.css";
import { ActionError } from "./ProposalExecution";

const VOTE_OPTIONS = [
  { choice: "for", label: "Vote for" },
  { choice: "against", label: "Vote against" },
  { choice: "abstain", label: "Abstain" },
] as const satisfies readonly { choice: VoteChoice; label: string }[];

/** The longest reason the form takes (the governor keeps it in the `VoteCast` event: gas grows with it). */
const MAX_REASON_LENGTH = 500;

/**
 * Voting on an open proposal, with a review before the irreversible step: the account's weight, an optional reason,
 * For / Against / Abstain. A choice opens the review in place of the buttons ("You are voting For proposal #5 with
 * 1,234 mUSDC of voting weight. Votes cannot be changed.") with Cast vote and Cancel; focus moves to Cancel (the safe
 * choice) and, when the review closes (Cancel, Escape), back to the button that opened it. The wallet's refusal shows
 * in the review, which stays open to try again. `onVoted` gets the choice once the vote is mined.
 */
export function ProposalVote({
  proposalId,
  weight,
  onVoted,
}: {
  proposalId: bigint;
  /** The account's voting weight in words ("1,234 mUSDC"). */
  weight: string;
  onVoted: (choice: VoteChoice) => void;
}) {
  const voteAction = useFundAction(castVote, { sender: "investor" });
  const core = useWalletCore();
  const [reason, setReason] = useState("");
  const [reviewing, setReviewing] = useState<VoteChoice | null>(null);
  const openers = useRef<Partial<Record<VoteChoice, HTMLButtonElement | null>>>({});
  const cancel = useRef<HTMLButtonElement>(null);
  // The choice whose review last closed: its button gets the focus back once it is shown again.
  const [returnTo, setReturnTo] = useState<VoteChoice | null>(null);
  const id = useId();
  const weightId = `proposal-${proposalId}-weight`;
  const reasonId = `proposal-${proposalId}-reason`;
  const reviewId = `${id}-review`;
  const pending = voteAction.state.status === "pending";

  useEffect(() => {
    if (reviewing) cancel.current?.focus();
  }, [reviewing]);
  useEffect(() => {
    if (!returnTo) return;
    openers.current[returnTo]?.focus();
    setReturnTo(null);
  }, [returnTo]);

  const close = () => {
    if (pending || !reviewing) return;
    voteAction.reset();
    setReturnTo(reviewing);
    setReviewing(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    close();
  };
  const cast = async () => {
    if (pending || !reviewing) return;
    const choice = reviewing;
    const result = await voteAction.run({ proposalId, choice, reason });
    if (!result.success) return;
    // The operator's analytics (when on): which proposal and which way, never the account nor the reason.
    core.bus.emit("VOTE_SUCCESS", {
      proposalId: Number(proposalId),
      support: choice === "for",
      ...(choice === "abstain" ? { abstain: true } : {}),
    });
    onVoted(choice);
  };

  return (
    <>
      <p id={weightId} className={`small ${styles.standing}`} data-testid="proposal-standing">
        Your voting weight: <strong>{weight}</strong>{" "}
        <span className="muted">(your invested principal when this proposal was created)</span>
      </p>
      {reviewing ? (
        <VoteReview
          choice={reviewing}
          proposalId={proposalId}
          weight={weight}
          reason={reason}
          state={voteAction.state}
          reviewId={reviewId}
          cancelRef={cancel}
          onCast={() => void cast()}
          onCancel={close}
          onKeyDown={onKeyDown}
        />
      ) : (
        <VoteChoices
          reason={reason}
          reasonId={reasonId}
          weightId={weightId}
          openers={openers}
          onReasonChange={setReason}
          onChoose={setReviewing}
        />
      )}
    </>
  );
}

/**
 * The review before the irreversible step: what the vote says, the reason when there is one, Cast vote and Cancel,
 * and the transaction's status or the wallet's refusal. Escape closes it (through `onKeyDown`).
 */
function VoteReview({
  choice,
  proposalId,
  weight,
  reason,
  state,
  reviewId,
  cancelRef,
  onCast,
  onCancel,
  onKeyDown,
}: {
  choice: VoteChoice;
  proposalId: bigint;
  weight: string;
  reason: string;
  state: TxState;
  reviewId: string;
  cancelRef: RefObject<HTMLButtonElement | null>;
  onCast: () => void;
  onCancel: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const pending = state.status === "pending";
  return (
    <fieldset
      aria-labelledby={reviewId}
      className={`confirm ${styles.review}`}
      data-testid="vote-review"
      onKeyDown={onKeyDown}
    >
      <p id={reviewId} className="small">
        {reviewText(choice, proposalId, weight)}
      </p>
      {reason.trim() && (
        <p className="small muted">
          Your reason, kept on chain with your vote: <q className={styles.reason}>{reason.trim()}</q>
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className="button button--primary"
          aria-disabled={pending || undefined}
          aria-busy={pending}
          onClick={onCast}
        >
          {pending && <span className="spinner" aria-hidden="true" />}
          Cast vote
        </button>
        <button
          ref={cancelRef}
          type="button"
          className="button button--secondary"
          aria-disabled={pending || undefined}
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
      <TxStatus state={state} />
      <ActionError state={state} />
    </fieldset>
  );
}

/**
 * The optional reason and the For / Against / Abstain buttons; each button registers itself in `openers` so focus
 * can return to it when its review closes.
 */
function VoteChoices({
  reason,
  reasonId,
  weightId,
  openers,
  onReasonChange,
  onChoose,
}: {
  reason: string;
  reasonId: string;
  weightId: string;
  openers: RefObject<Partial<Record<VoteChoice, HTMLButtonElement | null>>>;
  onReasonChange: (reason: string) => void;
  onChoose: (choice: VoteChoice) => void;
}) {
  return (
    <>
      <div className={`field ${styles.reasonField}`}>
        <label htmlFor={reasonId} className="small">
          Reason (optional)
        </label>
        <input
          id={reasonId}
          className="input"
          value={reason}
          maxLength={MAX_REASON_LENGTH}
          placeholder="Kept on chain with your vote"
          onChange={(e) => onReasonChange(e.target.value)}
        />
      </div>
      <div className={styles.actions}>
        {VOTE_OPTIONS.map((option) => (
          <button
            key={option.choice}
            ref={(element) => {
              openers.current[option.choice] = element;
            }}
            type="button"
            className="button button--secondary"
            aria-describedby={weightId}
            onClick={() => onChoose(option.choice)}
          >
            <span className={`${styles.dot} ${styles[option.choice]}`} aria-hidden="true" />
            {option.label}
          </button>
        ))}
      </div>
    </>
  );
}
