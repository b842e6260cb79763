import type { RoundReport } from "@fundament/sdk";
import { AddressName } from "@fundament/wallet/react";
import { allocationPercent, reportAmount } from "./report.helpers";

/**
 * The round's trading wallets as the chain showed them at the report's block: type and address, share of the
 * principal, balance, what each received and sent during the round, and what the fund collected back from it. On a
 * phone each row is a card of labelled values.
 */
export function ReportWallets({ report }: { report: RoundReport }) {
  const amount = (value: string) => reportAmount(value, report.token);
  return (
    <section className="card" aria-labelledby="report-wallets">
      <h2 id="report-wallets">Trading wallets</h2>
      {report.tradingWallets.length === 0 ? (
        <p className="muted">The round had no trading wallets.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--compact table--stack">
            <caption className="visually-hidden">
              The round's trading wallets at block {report.block.number}, amounts in {report.token.symbol}
            </caption>
            <thead>
              <tr>
                <th scope="col">Trading wallet</th>
                <th scope="col" className="num">
                  Allocation
                </th>
                <th scope="col" className="num">
                  Balance at the block
                </th>
                <th scope="col" className="num">
                  Received
                </th>
                <th scope="col" className="num">
                  Sent
                </th>
                <th scope="col" className="num">
                  Collected
                </th>
              </tr>
            </thead>
            <tbody>
              {report.tradingWallets.map((wallet) => {
                const figures = [
                  ["Balance at the block", wallet.balance],
                  ["Received", wallet.received],
                  ["Sent", wallet.sent],
                  ["Collected", wallet.collected],
                ] as const;
                return (
                  <tr key={wallet.address}>
                    <td data-label="Trading wallet">
                      <span>
                        {wallet.walletType || "Trading wallet"}
                        <br />
                        <AddressName address={wallet.address} className="small muted" />
                      </span>
                    </td>
                    <td className="num" data-label="Allocation">
                      {allocationPercent(wallet.allocationBasisPoints)}
                    </td>
                    {figures.map(([label, value]) => (
                      <td key={label} className="num" data-label={label} title={amount(value).title}>
                        {amount(value).text}
                      </td>
                    ))}
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
