import { executeProposal, formatDate, type ProposalView, shortenAddress, vote } from "@fundament/sdk";
import { StatusBadge } from "../../shared/components/StatusBadge";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { formatAmount, timeLeft } from "../../shared/lib/format";
import { votesForPercent } from "./governance.helpers";

/** One proposal: status, the votes for and against as a bar, time left, and vote / execute. */
export function ProposalCard({
  proposal,
  canVote,
  chainTime,
}: {
  proposal: ProposalView;
  canVote: boolean;
  /** The chain's time in seconds (latest block). */
  chainTime: number;
}) {
  const voteAction = useFundAction(vote);
  const executeAction = useFundAction(executeProposal);
  const { votesForCount, votesAgainstCount, timeFrame } = proposal.votingInfo;
  const forPercent = votesForPercent(votesForCount, votesAgainstCount);
  const titleId = `proposal-${proposal.id}-title`;
  const busy = voteAction.state.status === "pending" || executeAction.state.status === "pending";
  const voted = proposal.hasVoted || voteAction.state.status === "success";
  return (
    <article className="card proposal" aria-labelledby={titleId} data-testid={`proposal-${proposal.id}`}>
      <header className="proposal__head">
        <span className="proposal__id">#{proposal.id.toString()}</span>
        <StatusBadge status={proposal.status} />
        <span className="proposal__time muted">
          {proposal.active ? timeLeft(timeFrame.end, chainTime * 1000) : `Ended ${formatDate(timeFrame.end)}`}
        </span>
      </header>
      <h3 id={titleId} className="proposal__title">
        {proposal.title}
      </h3>
      {proposal.proposerAddress && (
        <p className="muted small">
          Proposed by <span className="mono">{shortenAddress(proposal.proposerAddress)}</span> on{" "}
          {formatDate(timeFrame.start)}
        </p>
      )}
      <div className="votes">
        <div
          className="votes__bar"
          role="img"
          aria-label={`${formatAmount(votesForCount)} votes for, ${formatAmount(votesAgainstCount)} votes against`}
        >
          <span className="votes__for" style={{ width: `${forPercent}%` }} />
          <span
            className="votes__against"
            style={{ width: `${votesForCount + votesAgainstCount === 0 ? 0 : 100 - forPercent}%` }}
          />
        </div>
        <div className="votes__legend">
          <span>
            <span className="dot dot--for" aria-hidden="true" /> For {formatAmount(votesForCount)}
          </span>
          <span>
            <span className="dot dot--against" aria-hidden="true" /> Against {formatAmount(votesAgainstCount)}
          </span>
        </div>
      </div>
      {proposal.active && canVote && !voted && (
        <div className="proposal__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void voteAction.run({ proposalId: proposal.id, choice: "for" })}
          >
            Vote for
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void voteAction.run({ proposalId: proposal.id, choice: "against" })}
          >
            Vote against
          </button>
        </div>
      )}
      {proposal.active && canVote && voted && voteAction.state.status !== "success" && (
        <p className="muted small">You have voted on this proposal.</p>
      )}
      {proposal.canExecute && canVote && (
        <div className="proposal__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void executeAction.run({ proposalId: proposal.id })}
          >
            Execute proposal
          </button>
        </div>
      )}
      <TxStatus state={voteAction.state} />
      <TxStatus state={executeAction.state} />
    </article>
  );
}
