import { castVote, type ProposalView, type VoteChoice } from "@fundament/sdk";
import { AddressName, useWalletCore } from "@fundament/wallet/react";
import { useEffect, useRef, useState } from "react";
import { StatusBadge } from "../../shared/components/StatusBadge";
import { TxStatus } from "../../shared/components/TxStatus";
import { focusResult, useFundAction } from "../../shared/hooks/useFundAction";
import { formatDate, formatNumber, timeLeft } from "../../shared/lib/format";
import { countdown } from "../../shared/timelock/usePendingChanges";
import { choiceLabel, NO_VOTING_POWER, proposalDisplay, votedText, voterStanding } from "./governance.helpers";
import type { ProposalVoter } from "./governance.queries";
import { type ActionWords, ProposalActionList } from "./ProposalActionList";
import styles from "./ProposalCard.module.css";
import { ActionError, ProposalExecution } from "./ProposalExecution";
import { ProposalTally } from "./ProposalTally";
import { useQueuedClock } from "./useQueuedClock";

const VOTE_OPTIONS = [
  { choice: "for", label: "Vote for" },
  { choice: "against", label: "Vote against" },
  { choice: "abstain", label: "Abstain" },
] as const satisfies readonly { choice: VoteChoice; label: string }[];

/** The longest reason the form takes (the governor keeps it in the `VoteCast` event: gas grows with it). */
const MAX_REASON_LENGTH = 500;

/**
 * One proposal: status, whether it is a signal or carries actions (each in words, simulated while voting is open),
 * who proposed it (by name where it has one), the votes for, against and abstaining as a bar with the quorum, who cast
 * them and why, time left (or until its actions can run), where the connected account stands (its weight before it
 * votes, how it voted after, or why it cannot vote), vote with an optional reason, and queue / execute.
 */
export function ProposalCard({
  proposal,
  connected,
  chainTime,
  choice = null,
  token,
  vaults = [],
  voters = [],
}: {
  proposal: ProposalView;
  /** A wallet is connected (on the app's chain): its standing and the actions show. */
  connected: boolean;
  /** The chain's time in seconds (latest block). */
  chainTime: number;
  /** How the connected account voted on it, when known from the chain (`Voted` / `VoteCast` event). */
  choice?: VoteChoice | null;
  /** Who voted on it, which way and why (the governor's vote events), in the order they voted. */
  voters?: readonly ProposalVoter[];
} & Partial<ActionWords>) {
  const voteAction = useFundAction(castVote, { sender: "investor" });
  const core = useWalletCore();
  // The choice of a vote sent from this card: known before the chain's event is read back.
  const [sent, setSent] = useState<{ choice: VoteChoice; done: boolean } | null>(null);
  const [reason, setReason] = useState("");
  // After a vote, focus lands on the "You voted …" line (it replaces the vote buttons, which held the focus).
  const votedLine = useRef<HTMLParagraphElement>(null);
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (sent?.done) focusResult(votedLine.current);
  }, [sent]);
  const now = useQueuedClock(proposal.state === "queued", chainTime);
  const { timeFrame } = proposal.votingInfo;
  const titleId = `proposal-${proposal.id}-title`;
  const weightId = `proposal-${proposal.id}-weight`;
  const reasonId = `proposal-${proposal.id}-reason`;
  const pending = voteAction.state.status === "pending";
  const display = proposalDisplay(proposal);
  const standing = voterStanding(proposal, connected, (sent?.done ? sent.choice : null) ?? choice);
  const tokens = (amount: number) => `${formatNumber(amount)}${token?.symbol ? ` ${token.symbol}` : ""}`;

  const vote = async (choiceToSend: VoteChoice) => {
    setSent({ choice: choiceToSend, done: false });
    const result = await voteAction.run({ proposalId: proposal.id, choice: choiceToSend, reason });
    // The operator's analytics (when on): which proposal and which way, never the account nor the reason.
    if (result.success)
      core.bus.emit("VOTE_SUCCESS", {
        proposalId: Number(proposal.id),
        support: choiceToSend === "for",
        ...(choiceToSend === "abstain" ? { abstain: true } : {}),
      });
    setSent(result.success ? { choice: choiceToSend, done: true } : null);
  };

  return (
    <article ref={card} className="card" aria-labelledby={titleId} data-testid={`proposal-${proposal.id}`}>
      <header className={styles.head}>
        <span className={styles.id}>#{proposal.id.toString()}</span>
        <StatusBadge status={display.badge} label={display.label} />
        {proposal.kind === "signal" && (
          <span className="tag" title="No on-chain action: executing it records the decision.">
            Signal
          </span>
        )}
        <span className={`${styles.time} muted`}>
          {proposal.active
            ? timeLeft(timeFrame.end, chainTime * 1000)
            : proposal.state === "queued"
              ? `Executable ${countdown(proposal.executableAt, now)}`
              : `Ended ${formatDate(timeFrame.end)}`}
        </span>
      </header>
      <h3 id={titleId} className={styles.title}>
        {proposal.title}
      </h3>
      {proposal.proposerAddress && (
        <p className="muted small">
          Proposed by <AddressName address={proposal.proposerAddress} /> on {formatDate(timeFrame.start)}
        </p>
      )}
      {proposal.kind === "actions" && <ProposalActionList proposal={proposal} token={token} vaults={vaults} />}
      <ProposalTally votingInfo={proposal.votingInfo} />
      {voters.length > 0 && (
        <details className={styles.voters} data-testid={`proposal-${proposal.id}-voters`}>
          <summary className="small">Voters ({voters.length})</summary>
          <ul className={`${styles.voterList} small`}>
            {voters.map((v) => (
              <li key={v.voter}>
                <span className={`${styles.dot} ${styles[v.choice]}`} aria-hidden="true" />{" "}
                <AddressName address={v.voter} /> <span className="muted">{choiceLabel(v.choice)}</span>
                {v.reason && (
                  <>
                    {" "}
                    <q className={styles.reason}>{v.reason}</q>
                  </>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
      {standing.kind === "voted" && (
        <p ref={votedLine} className={`small ${styles.standing}`} data-testid="proposal-standing">
          {standing.choice ? <strong>{votedText(standing.choice)}</strong> : <strong>You have voted</strong>}
          {standing.weight > 0 && <span className="muted"> with a weight of {tokens(standing.weight)}</span>}
        </p>
      )}
      {standing.kind === "no-power" && (
        <p className={`muted small ${styles.standing}`} data-testid="proposal-standing">
          {NO_VOTING_POWER}
        </p>
      )}
      {standing.kind === "can-vote" && (
        <>
          <p id={weightId} className={`small ${styles.standing}`} data-testid="proposal-standing">
            Your voting weight: <strong>{tokens(standing.weight)}</strong>{" "}
            <span className="muted">(your invested principal when this proposal was created)</span>
          </p>
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
              disabled={pending}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className={styles.actions}>
            {VOTE_OPTIONS.map((option) => (
              <button
                key={option.choice}
                type="button"
                className="button button--secondary"
                disabled={pending}
                aria-busy={sent?.choice === option.choice && pending}
                aria-describedby={weightId}
                onClick={() => void vote(option.choice)}
              >
                {sent?.choice === option.choice && pending ? (
                  <span className="spinner" aria-hidden="true" />
                ) : (
                  <span className={`${styles.dot} ${styles[option.choice]}`} aria-hidden="true" />
                )}
                {option.label}
              </button>
            ))}
          </div>
        </>
      )}
      <TxStatus state={voteAction.state} />
      <ActionError state={voteAction.state} />
      <ProposalExecution proposal={proposal} connected={connected} now={now} card={card} />
    </article>
  );
}
