import type { RoundReport } from "@fundament/sdk";
import type { Hash } from "viem";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { explorerTxUrl } from "../../shared/lib/explorer";
import { shortenAddress } from "../../shared/lib/format";
import styles from "./RoundReportPage.module.css";
import { addressLabel, reportAmount } from "./report.helpers";

/**
 * Every investment-token transfer to or from a trading wallet during the round, in chain order: block, from, to
 * (the fund and the trading wallets named), amount and transaction.
 */
export function ReportTransfers({ report }: { report: RoundReport }) {
  const { chainId } = useAppConfig();
  const who = (address: string) => (
    <span title={address} className={styles.who}>
      {addressLabel(address, report)}
    </span>
  );
  return (
    <section className="card" aria-labelledby="report-transfers">
      <h2 id="report-transfers">Transfers</h2>
      <p className="muted small">
        {report.token.symbol} sent to or from the trading wallets from the start of the lockup to the report's block.
      </p>
      {report.transfers.length === 0 ? (
        <p className="muted">No transfers to or from the trading wallets during the round.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--compact table--stack">
            <caption className="visually-hidden">
              Transfers to and from the trading wallets during the round, oldest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Block</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Transaction</th>
              </tr>
            </thead>
            <tbody>
              {report.transfers.map((t) => {
                const amount = reportAmount(t.amount, report.token);
                const url = explorerTxUrl(chainId, t.transaction as Hash);
                return (
                  <tr key={`${t.transaction}-${t.logIndex}`}>
                    <td data-label="Block">{t.block}</td>
                    <td data-label="From">{who(t.from)}</td>
                    <td data-label="To">{who(t.to)}</td>
                    <td className="num" data-label="Amount" title={amount.title}>
                      {amount.text}
                    </td>
                    <td data-label="Transaction">
                      {url ? (
                        <a href={url} target="_blank" rel="noreferrer noopener" className="mono" title={t.transaction}>
                          {shortenAddress(t.transaction)}
                          <span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                      ) : (
                        <code className="mono" title={t.transaction}>
                          {shortenAddress(t.transaction)}
                        </code>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
