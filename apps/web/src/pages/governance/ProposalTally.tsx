import type { ProposalView } from "@fundament/sdk";
import { useId } from "react";
import { formatNumber } from "../../shared/lib/format";
import { quorumProgress, quorumText, talliesLabel, voteShares } from "./governance.helpers";
import styles from "./ProposalCard.module.css";

/**
 * A proposal's votes: For, Against and Abstain as one bar (with its label for screen readers) and as figures, and its
 * quorum as Tally shows it, in words ("Quorum 1,234 of 11,949.73 mUSDC needed") and as a meter filled by the For and
 * Abstain votes that count towards it.
 */
export function ProposalTally({
  votingInfo,
  symbol = "",
}: {
  votingInfo: ProposalView["votingInfo"];
  /** The investment token's symbol, after the quorum's figures. */
  symbol?: string;
}) {
  const shares = voteShares(votingInfo);
  const quorum = quorumText(votingInfo, symbol);
  const textId = useId();
  return (
    <div>
      <div className={styles.bar} role="img" aria-label={talliesLabel(votingInfo)}>
        <span className={styles.barFor} style={{ width: `${shares.for}%` }} />
        <span className={styles.barAgainst} style={{ width: `${shares.against}%` }} />
        <span className={styles.barAbstain} style={{ width: `${shares.abstain}%` }} />
      </div>
      <div className={styles.legend}>
        <span>
          <span className={`${styles.dot} ${styles.for}`} aria-hidden="true" /> For{" "}
          {formatNumber(votingInfo.votesForCount)}
        </span>
        <span>
          <span className={`${styles.dot} ${styles.against}`} aria-hidden="true" /> Against{" "}
          {formatNumber(votingInfo.votesAgainstCount)}
        </span>
        <span>
          <span className={`${styles.dot} ${styles.abstain}`} aria-hidden="true" /> Abstain{" "}
          {formatNumber(votingInfo.votesAbstainCount)}
        </span>
      </div>
      <div className={styles.quorum} title="For and Abstain votes count towards the quorum.">
        <span
          className={`small ${votingInfo.quorumReached ? styles.quorumReached : "muted"}`}
          id={textId}
          data-testid="proposal-quorum"
        >
          {quorum}
        </span>
        <meter
          className={`${styles.quorumBar} ${votingInfo.quorumReached ? styles.quorumBarReached : ""}`}
          aria-label="Quorum"
          aria-describedby={textId}
          min={0}
          max={100}
          value={quorumProgress(votingInfo)}
        />
      </div>
    </div>
  );
}
