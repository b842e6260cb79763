import type { BuiltRoundReport } from "@fundament/sdk";
import { formatTokenAmount, shortenAddress } from "../../shared/lib/format";
import styles from "./SettleRound.module.css";
import { readableJson } from "./settle.helpers";

/**
 * The round's report as the fund's server built it, shown before the wallet is asked to settle with its hash: the
 * total it claims, its short hash (the whole one in the title) and the report itself, to read, behind a disclosure.
 */
export function BuiltReportSummary({
  built,
  totalReturned,
  token,
}: {
  built: BuiltRoundReport;
  totalReturned: bigint;
  token: { decimals: number; symbol: string };
}) {
  const declared = built.report.manualItems.length;
  return (
    <div className={styles.report} data-testid="built-report">
      <p>
        The round's report, built by the fund's server from the chain just now: total{" "}
        <strong data-testid="built-report-total">
          {formatTokenAmount(totalReturned, token.decimals, token.symbol)}
        </strong>
        , hash{" "}
        <code className="mono" title={built.hash} data-testid="built-report-hash" data-hash={built.hash}>
          {shortenAddress(built.hash)}
        </code>
        {declared > 0 && `, with ${declared} declared item${declared === 1 ? "" : "s"} (declared, not observed)`}. The
        settlement carries this hash; anyone can check the report against it once the round settles.
      </p>
      <details className={styles.reportText}>
        <summary>View the report</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region keyboard users must be able to scroll */}
        <section className={styles.reportScroll} tabIndex={0} aria-label="The round's report (JSON)">
          <pre className="mono">{readableJson(built.text)}</pre>
        </section>
      </details>
    </div>
  );
}
