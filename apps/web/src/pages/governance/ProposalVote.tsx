import { castVote, type VoteChoice } from "@fundament/sdk";
import { useWalletCore } from "@fundament/wallet/react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
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
        <fieldset
          aria-labelledby={reviewId}
          className={`confirm ${styles.review}`}
          data-testid="vote-review"
          onKeyDown={onKeyDown}
        >
          <p id={reviewId} className="small">
            {reviewText(reviewing, proposalId, weight)}
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
              onClick={() => void cast()}
            >
              {pending && <span className="spinner" aria-hidden="true" />}
              Cast vote
            </button>
            <button
              ref={cancel}
              type="button"
              className="button button--secondary"
              aria-disabled={pending || undefined}
              onClick={close}
            >
              Cancel
            </button>
          </div>
          <TxStatus state={voteAction.state} />
          <ActionError state={voteAction.state} />
        </fieldset>
      ) : (
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
              onChange={(e) => setReason(e.target.value)}
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
                onClick={() => setReviewing(option.choice)}
              >
                <span className={`${styles.dot} ${styles[option.choice]}`} aria-hidden="true" />
                {option.label}
              </button>
            ))}
          </div>
        </>
      )}
    </>
  );
}
