import type { ProposalExecution, ProposalView, ProposalVoter, VoteChoice } from "@fundament/sdk";
import { AddressName } from "@fundament/wallet/react";
import { useEffect, useRef, useState } from "react";
import { StatusBadge } from "../../shared/components/StatusBadge";
import { TxHash } from "../../shared/components/TxHash";
import { focusResult } from "../../shared/hooks/useFundAction";
import { formatDate, formatDateTime, formatNumber, formatTokenAmount, timeLeft } from "../../shared/lib/format";
import { countdown } from "../../shared/timelock/usePendingChanges";
import {
  choiceLabel,
  foldBody,
  NO_VOTING_POWER,
  proposalDisplay,
  proposalText,
  votedText,
  voterStanding,
} from "./governance.helpers";
import { type ActionWords, ProposalActionList } from "./ProposalActionList";
import styles from "./ProposalCard.module.css";
import { ProposalExecution as ProposalExecutionActions } from "./ProposalExecution";
import { ProposalTally } from "./ProposalTally";
import { ProposalVote } from "./ProposalVote";
import { useQueuedClock } from "./useQueuedClock";

/**
 * One proposal, as Tally shows one: status, its title (the description's first line) and body (the rest, line breaks
 * kept, folded behind "Show more" when long), whether it is a signal or carries actions (each in words, simulated while
 * voting is open), who proposed it (by name where it has one), the votes for, against and abstaining as a bar, the
 * quorum in words and as a meter, who voted with what weight and why (largest first), when and in which transaction
 * it was executed, time left (or until its actions can run), where the connected account stands (its weight before it
 * votes, how it voted after, or why it cannot vote), a vote reviewed before it is cast, and queue / execute.
 */
export function ProposalCard({
  proposal,
  connected,
  chainTime,
  choice = null,
  token,
  vaults = [],
  voters = [],
  execution = null,
}: {
  proposal: ProposalView;
  /** A wallet is connected (on the app's chain): its standing and the actions show. */
  connected: boolean;
  /** The chain's time in seconds (latest block). */
  chainTime: number;
  /** How the connected account voted on it, when known from the chain (`Voted` / `VoteCast` event). */
  choice?: VoteChoice | null;
  /** Who voted on it, which way, with what weight and why (the governor's vote events), largest weight first. */
  voters?: readonly ProposalVoter[];
  /** When and in which transaction it was executed (the governor's `ProposalExecuted` event), once known. */
  execution?: ProposalExecution | null;
} & Partial<ActionWords>) {
  // The choice of a vote sent from this card: known before the chain's event is read back.
  const [sent, setSent] = useState<VoteChoice | null>(null);
  // After a vote, focus lands on the "You voted …" line (it replaces the vote buttons, which held the focus).
  const votedLine = useRef<HTMLParagraphElement>(null);
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (sent) focusResult(votedLine.current);
  }, [sent]);
  const now = useQueuedClock(proposal.state === "queued", chainTime);
  const { timeFrame } = proposal.votingInfo;
  const titleId = `proposal-${proposal.id}-title`;
  const display = proposalDisplay(proposal);
  const standing = voterStanding(proposal, connected, sent ?? choice);
  const tokens = (amount: number) => `${formatNumber(amount)}${token?.symbol ? ` ${token.symbol}` : ""}`;
  const { title, body } = proposalText(proposal.description);

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
        {title || proposal.title}
      </h3>
      {body && <ProposalBody id={`proposal-${proposal.id}-body`} body={body} />}
      {proposal.proposerAddress && (
        <p className="muted small">
          Proposed by <AddressName address={proposal.proposerAddress} /> on {formatDate(timeFrame.start)}
        </p>
      )}
      {proposal.kind === "actions" && <ProposalActionList proposal={proposal} token={token} vaults={vaults} />}
      <ProposalTally votingInfo={proposal.votingInfo} symbol={token?.symbol} />
      {proposal.state === "executed" && execution && (
        <p className={`small ${styles.executed}`} data-testid="proposal-executed">
          Executed on {formatDateTime(execution.timestamp * 1000)} · <TxHash hash={execution.transactionHash} />
        </p>
      )}
      {voters.length > 0 && <ProposalVoters id={proposal.id} voters={voters} token={token} />}
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
        <ProposalVote proposalId={proposal.id} weight={tokens(standing.weight)} onVoted={setSent} />
      )}
      <ProposalExecutionActions proposal={proposal} connected={connected} now={now} card={card} />
    </article>
  );
}

/** A proposal's body as written (line breaks kept), folded behind "Show more" when long. */
function ProposalBody({ id, body }: { id: string; body: string }) {
  const [open, setOpen] = useState(false);
  const folded = foldBody(body);
  return (
    <div>
      <p id={id} className={`small ${styles.body}`} data-testid="proposal-body">
        {open || !folded.long ? body : folded.text}
      </p>
      {folded.long && (
        <button
          type="button"
          className={`button button--ghost button--small ${styles.more}`}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? "Show less" : "Show more"}
        </button>
      )}
    </div>
  );
}

/** Who voted on a proposal: name (or short address), which way, with what weight and why, largest weight first. */
function ProposalVoters({
  id,
  voters,
  token,
}: {
  id: bigint;
  voters: readonly ProposalVoter[];
  token: ActionWords["token"];
}) {
  return (
    <details className={styles.voters} data-testid={`proposal-${id}-voters`}>
      <summary className="small">Voters ({voters.length})</summary>
      <ul className={`${styles.voterList} small`}>
        {voters.map((v) => (
          <li key={v.voter}>
            <span className={`${styles.dot} ${styles[v.choice]}`} aria-hidden="true" />{" "}
            <AddressName address={v.voter} /> <span className="muted">{choiceLabel(v.choice)}</span>
            {token && (
              <>
                {" "}
                <span className={styles.weight}>{formatTokenAmount(v.weight, token.decimals, token.symbol)}</span>
              </>
            )}
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
  );
}
