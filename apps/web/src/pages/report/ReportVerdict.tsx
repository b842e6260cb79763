import { FundamentError, toUserMessage } from "@fundament/sdk";
import type { UseQueryResult } from "@tanstack/react-query";
import { roundLabel } from "../vaults/vaults.helpers";
import styles from "./RoundReportPage.module.css";
import { type CheckedReport, reportVerdict, type ReportVerdict as Verdict } from "./report.helpers";

/**
 * What the chain says about the served report, first on the page: it matches (its hash, recomputed in the browser,
 * is the one the round's settlement carries, and its total is what the settlement took), or, loudly, it does not,
 * with the hashes and totals that differ. Checking, an unsettled round and a chain out of reach are said too.
 */
export function ReportVerdict({
  check,
  route,
}: {
  check: UseQueryResult<CheckedReport>;
  route: { vaultId: string; poolId: string };
}) {
  if (check.isPending) {
    return (
      <div className={`${styles.verdict} ${styles.checking}`} role="status">
        <span className="spinner" aria-hidden="true" />
        <p>Checking the report against the chain…</p>
      </div>
    );
  }
  if (check.isError) {
    // A report for another fund or chain is a mismatch; an RPC out of reach only leaves it unchecked.
    if (check.error instanceof FundamentError) {
      return <Mismatch lines={[check.error.shortMessage]} verdict={null} />;
    }
    return (
      <div className={`${styles.verdict} ${styles.unchecked}`} role="alert">
        <div className={styles.verdictBody}>
          <h2 className={styles.verdictTitle}>The report could not be checked against the chain</h2>
          <p>{toUserMessage(check.error)} Until it is checked, do not rely on it.</p>
        </div>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void check.refetch()}
          disabled={check.isFetching}
          aria-busy={check.isFetching}
        >
          {check.isFetching ? "Checking…" : "Check again"}
        </button>
      </div>
    );
  }
  const verdict = reportVerdict(check.data, route);
  const round = roundLabel(Number(check.data.report.round)).toLowerCase();
  if (verdict.kind === "match") {
    return (
      <section className={`${styles.verdict} ${styles.match}`} aria-labelledby="report-verdict" role="status">
        <span className={styles.verdictIcon} aria-hidden="true">
          ✓
        </span>
        <div className={styles.verdictBody}>
          <h2 id="report-verdict" className={styles.verdictTitle}>
            Report matches the chain
          </h2>
          <p>
            Its hash, recomputed in your browser from the report below, is the one {round}'s settlement carries on
            chain, and its total is what the settlement took as returned.
          </p>
          <p className={`mono ${styles.hash}`} data-testid="report-hash">
            {verdict.hash}
          </p>
        </div>
      </section>
    );
  }
  if (verdict.kind === "unsettled") {
    return (
      <div className={`${styles.verdict} ${styles.unchecked}`} role="status">
        <div className={styles.verdictBody}>
          <h2 className={styles.verdictTitle}>This round has not settled yet</h2>
          <p>Its settlement carries no report hash yet: there is nothing on chain to check this report against.</p>
        </div>
      </div>
    );
  }
  return <Mismatch lines={verdict.identity ? [verdict.identity] : []} verdict={verdict} />;
}

/** The loud one: the report is not what the chain carries, with each difference side by side. */
function Mismatch({ lines, verdict }: { lines: string[]; verdict: Extract<Verdict, { kind: "mismatch" }> | null }) {
  return (
    <section className={`${styles.verdict} ${styles.mismatch}`} role="alert" aria-labelledby="report-verdict">
      <span className={styles.verdictIcon} aria-hidden="true">
        !
      </span>
      <div className={styles.verdictBody}>
        <h2 id="report-verdict" className={styles.verdictTitle}>
          This report does not match the chain
        </h2>
        <p>
          Do not rely on it: what the fund's server serves here is not the report the round's settlement carries on
          chain.
        </p>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {(verdict?.hash || verdict?.total) && (
          <dl className={styles.differences}>
            {verdict.hash && (
              <>
                <div>
                  <dt>Hash computed from this report</dt>
                  <dd className={`mono ${styles.hash}`} data-testid="computed-hash">
                    {verdict.hash.computed}
                  </dd>
                </div>
                <div>
                  <dt>Hash the settlement carries</dt>
                  <dd className={`mono ${styles.hash}`} data-testid="chain-hash">
                    {verdict.hash.chain}
                  </dd>
                </div>
              </>
            )}
            {verdict.total && (
              <>
                <div>
                  <dt>Total in this report</dt>
                  <dd data-testid="report-total-claimed">{verdict.total.report}</dd>
                </div>
                <div>
                  <dt>Total the settlement took</dt>
                  <dd data-testid="chain-total">{verdict.total.chain}</dd>
                </div>
              </>
            )}
          </dl>
        )}
      </div>
    </section>
  );
}
