import type { RoundReportExchange } from "@fundament/sdk";
import { formatCoinAmount, formatDateTime, formatUsd } from "../../shared/lib/format";
import styles from "./RoundReportPage.module.css";

/** A figure the exchange gave as a decimal string, for display; the string as it came when it is not a number. */
const figure = (value: string, symbol = "") => {
  const n = Number(value);
  return value.trim() !== "" && Number.isFinite(n) ? formatCoinAmount(n, symbol) : `${value} ${symbol}`.trim();
};
const usd = (value: string) => {
  const n = Number(value);
  return value.trim() !== "" && Number.isFinite(n) ? formatUsd(n) : value;
};

/**
 * The fund's exchange account as the exchange answered when the report was built (read-only key): equity, balances
 * per coin and open positions; or that the fund has none configured.
 */
export function ReportExchange({ exchange }: { exchange: RoundReportExchange | null }) {
  return (
    <section className="card" aria-labelledby="report-exchange">
      <h2 id="report-exchange">Exchange account</h2>
      {exchange === null ? (
        <p className="muted">No exchange account is configured for this fund.</p>
      ) : (
        <ExchangeAnswer exchange={exchange} />
      )}
    </section>
  );
}

function ExchangeAnswer({ exchange }: { exchange: RoundReportExchange }) {
  const balances = Object.entries(exchange.balances ?? {});
  const positions = exchange.positions ?? [];
  const asked = Date.parse(exchange.at);
  return (
    <>
      <p className="muted small">
        As {exchange.name} answered{Number.isFinite(asked) ? ` on ${formatDateTime(asked)}` : ""}, with a read-only key.
      </p>
      <dl className="figures figures--compact">
        <div className="figure">
          <dt>Equity</dt>
          <dd data-testid="exchange-equity">{usd(exchange.equity)}</dd>
        </div>
        {balances.map(([coin, amount]) => (
          <div className="figure" key={coin}>
            <dt>{coin} balance</dt>
            <dd title={`${amount} ${coin}`}>{figure(amount)}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.subheading}>Open positions</h3>
      {positions.length === 0 ? (
        <p className="muted">No open positions.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--compact table--stack">
            <caption className="visually-hidden">Open positions on the exchange when the report was built</caption>
            <thead>
              <tr>
                <th scope="col">Symbol</th>
                <th scope="col">Side</th>
                <th scope="col" className="num">
                  Contracts
                </th>
                <th scope="col" className="num">
                  Notional (USD)
                </th>
                <th scope="col" className="num">
                  Unrealized PnL (USD)
                </th>
              </tr>
            </thead>
            <tbody>
              {positions.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: positions are a fixed list, in the exchange's order
                <tr key={`${p.symbol}-${p.side}-${i}`}>
                  <td data-label="Symbol">{p.symbol}</td>
                  <td data-label="Side">{p.side}</td>
                  <td className="num" data-label="Contracts">
                    {figure(p.contracts)}
                  </td>
                  <td className="num" data-label="Notional (USD)">
                    {usd(p.notional)}
                  </td>
                  <td
                    className={`num ${Number(p.unrealizedPnl) < 0 ? "amount--down" : Number(p.unrealizedPnl) > 0 ? "amount--up" : ""}`}
                    data-label="Unrealized PnL (USD)"
                  >
                    {usd(p.unrealizedPnl)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
