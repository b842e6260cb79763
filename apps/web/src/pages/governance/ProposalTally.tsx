import type { ProposalView } from "@fundament/sdk";
import { formatNumber } from "../../shared/lib/format";
import { quorumText, talliesLabel, voteShares } from "./governance.helpers";
import styles from "./ProposalCard.module.css";

/**
 * A proposal's votes: For, Against and Abstain as one bar (with its label for screen readers) and as figures, and
 * its quorum in words (For and Abstain votes count towards it).
 */
export function ProposalTally({ votingInfo }: { votingInfo: ProposalView["votingInfo"] }) {
  const shares = voteShares(votingInfo);
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
        <span
          className={votingInfo.quorumReached ? styles.quorumReached : undefined}
          data-testid="proposal-quorum"
          title="For and Abstain votes count towards the quorum."
        >
          {quorumText(votingInfo)}
        </span>
      </div>
    </div>
  );
}
