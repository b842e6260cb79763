import { executeProposal, type ProposalView, type VoteChoice, vote } from "@fundament/sdk";
import { AddressName, useWalletCore } from "@fundament/wallet/react";
import { useEffect, useRef, useState } from "react";
import { StatusBadge } from "../../shared/components/StatusBadge";
import { TxStatus } from "../../shared/components/TxStatus";
import { focusResult, useFundAction } from "../../shared/hooks/useFundAction";
import { formatDate, formatNumber, timeLeft } from "../../shared/lib/format";
import { NO_VOTING_POWER, proposalDisplay, votedText, voterStanding, votesForPercent } from "./governance.helpers";
import type { ProposalVoter } from "./governance.queries";
import styles from "./ProposalCard.module.css";

/**
 * One proposal: status, who proposed it (by name where it has one), the votes for and against as a bar and who cast
 * them, time left, where the connected account stands (its weight before it votes, how it voted after, or why it
 * cannot vote) and vote / execute.
 */
export function ProposalCard({
  proposal,
  connected,
  chainTime,
  choice = null,
  tokenSymbol,
  voters = [],
}: {
  proposal: ProposalView;
  /** A wallet is connected (on the app's chain): its standing and the actions show. */
  connected: boolean;
  /** The chain's time in seconds (latest block). */
  chainTime: number;
  /** How the connected account voted on it, when known from the chain (`Voted` event). */
  choice?: VoteChoice | null;
  /** The investment token's symbol, for the weight; weights show as plain numbers until it is known. */
  tokenSymbol?: string | undefined;
  /** Who voted on it and which way (the chain's `Voted` events), in the order they voted. */
  voters?: readonly ProposalVoter[];
}) {
  const voteAction = useFundAction(vote, { sender: "investor" });
  const executeAction = useFundAction(executeProposal, { sender: "investor" });
  const core = useWalletCore();
  // The choice of a vote sent from this card: known before the chain's event is read back.
  const [sent, setSent] = useState<{ choice: VoteChoice; done: boolean } | null>(null);
  // After a vote, focus lands on the "You voted …" line (it replaces the vote buttons, which held the focus).
  const votedLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent?.done) focusResult(votedLine.current);
  }, [sent]);
  const { votesForCount, votesAgainstCount, timeFrame } = proposal.votingInfo;
  const forPercent = votesForPercent(votesForCount, votesAgainstCount);
  const titleId = `proposal-${proposal.id}-title`;
  const weightId = `proposal-${proposal.id}-weight`;
  const busy = voteAction.state.status === "pending" || executeAction.state.status === "pending";
  const display = proposalDisplay(proposal.state);
  const standing = voterStanding(proposal, connected, (sent?.done ? sent.choice : null) ?? choice);
  const tokens = (amount: number) => `${formatNumber(amount)}${tokenSymbol ? ` ${tokenSymbol}` : ""}`;

  const castVote = async (choiceToSend: VoteChoice) => {
    setSent({ choice: choiceToSend, done: false });
    const result = await voteAction.run({ proposalId: proposal.id, choice: choiceToSend });
    // The operator's analytics (when on): which proposal and which way, never the account.
    if (result.success)
      core.bus.emit("VOTE_SUCCESS", { proposalId: Number(proposal.id), support: choiceToSend === "for" });
    setSent(result.success ? { choice: choiceToSend, done: true } : null);
  };

  return (
    <article className="card" aria-labelledby={titleId} data-testid={`proposal-${proposal.id}`}>
      <header className={styles.head}>
        <span className={styles.id}>#{proposal.id.toString()}</span>
        <StatusBadge status={display.badge} label={display.label} />
        <span className={`${styles.time} muted`}>
          {proposal.active ? timeLeft(timeFrame.end, chainTime * 1000) : `Ended ${formatDate(timeFrame.end)}`}
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
      <div>
        <div
          className={styles.bar}
          role="img"
          aria-label={`${formatNumber(votesForCount)} votes for, ${formatNumber(votesAgainstCount)} votes against`}
        >
          <span className={styles.barFor} style={{ width: `${forPercent}%` }} />
          <span
            className={styles.barAgainst}
            style={{ width: `${votesForCount + votesAgainstCount === 0 ? 0 : 100 - forPercent}%` }}
          />
        </div>
        <div className={styles.legend}>
          <span>
            <span className={`${styles.dot} ${styles.for}`} aria-hidden="true" /> For {formatNumber(votesForCount)}
          </span>
          <span>
            <span className={`${styles.dot} ${styles.against}`} aria-hidden="true" /> Against{" "}
            {formatNumber(votesAgainstCount)}
          </span>
        </div>
      </div>
      {voters.length > 0 && (
        <details className={styles.voters} data-testid={`proposal-${proposal.id}-voters`}>
          <summary className="small">Voters ({voters.length})</summary>
          <ul className={`${styles.voterList} small`}>
            {voters.map((v) => (
              <li key={v.voter}>
                <span className={`${styles.dot} ${styles[v.choice]}`} aria-hidden="true" />{" "}
                <AddressName address={v.voter} />{" "}
                <span className="muted">{v.choice === "for" ? "For" : "Against"}</span>
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
          <div className={styles.actions}>
            {(["for", "against"] as const).map((option) => (
              <button
                key={option}
                type="button"
                className="button button--secondary"
                disabled={busy}
                aria-busy={sent?.choice === option && voteAction.state.status === "pending"}
                aria-describedby={weightId}
                onClick={() => void castVote(option)}
              >
                {sent?.choice === option && voteAction.state.status === "pending" ? (
                  <span className="spinner" aria-hidden="true" />
                ) : (
                  <span className={`${styles.dot} ${styles[option]}`} aria-hidden="true" />
                )}
                {option === "for" ? "Vote for" : "Vote against"}
              </button>
            ))}
          </div>
        </>
      )}
      {proposal.canExecute && connected && (
        <>
          <p className={`muted small ${styles.standing}`}>
            Voting ended with more votes for than against: anyone can execute it now.
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              aria-busy={executeAction.state.status === "pending"}
              onClick={() => void executeAction.run({ proposalId: proposal.id })}
            >
              {executeAction.state.status === "pending" && <span className="spinner" aria-hidden="true" />}
              Execute proposal
            </button>
          </div>
        </>
      )}
      <TxStatus state={voteAction.state} />
      <TxStatus state={executeAction.state} />
    </article>
  );
}
