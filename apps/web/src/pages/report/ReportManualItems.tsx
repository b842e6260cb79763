import type { RoundReport } from "@fundament/sdk";
import styles from "./RoundReportPage.module.css";
import { reportAmount } from "./report.helpers";

/**
 * Parts of the returned funds the fund's server could not observe, declared by the operator with a note: each is
 * marked "declared, not observed", so no one takes them for a figure read from the chain or the exchange.
 */
export function ReportManualItems({ report }: { report: RoundReport }) {
  return (
    <section className="card" aria-labelledby="report-manual">
      <h2 id="report-manual">Declared items</h2>
      {report.manualItems.length === 0 ? (
        <p className="muted">None: the report declares nothing that was not observed.</p>
      ) : (
        <>
          <p className="muted small">
            Parts of the total the operator declared with a note: they are part of the collected total, not added to it,
            and nothing on chain or on the exchange shows them.
          </p>
          <ul className={styles.manualList} aria-label="Declared items">
            {report.manualItems.map((item, i) => {
              const amount = reportAmount(item.amount, report.token);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: items are a fixed list, in the report's order
                <li key={i} className={styles.manualItem}>
                  <span className={styles.manualAmount} title={amount.title}>
                    {amount.text}
                  </span>
                  <span className={styles.manualNote}>{item.note}</span>
                  <span className={`badge ${styles.declared}`}>declared, not observed</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
