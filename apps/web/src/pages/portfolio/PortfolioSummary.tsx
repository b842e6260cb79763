import type { InvestorView } from "@fundament/sdk";
import { Skeleton } from "../../shared/components/Skeleton";
import { useInvestmentToken } from "../../shared/hooks/useFundQueries";
import {
  formatNumber,
  formatPercent,
  formatSignedTokenAmount,
  formatTokenAmount,
  formatUsd,
  tokenTitle,
} from "../../shared/lib/format";
import styles from "./PortfolioSummary.module.css";
import { type PortfolioTotals, portfolioTotals, type StatementRow } from "./portfolio.helpers";

/**
 * The figures at the top of Portfolio, over every listed account (the wallet and its smart account): total current
 * value and total profit (net of fees; a loss negative and said so), then the investor view's invested amount, voting
 * power, total withdrawn and share of the fund (the spec's `daoRankingPercent`).
 */
export function PortfolioSummary({
  views,
  rows,
  accountCount,
}: {
  views: readonly InvestorView[];
  /** Every listed account's rounds; undefined while one is still being read. */
  rows: readonly StatementRow[] | undefined;
  accountCount: number;
}) {
  const token = useInvestmentToken();
  const sum = (figure: (view: InvestorView) => number) => views.reduce((total, view) => total + figure(view), 0);
  const positions = views.flatMap((view) => view.positions);
  const value = portfolioTotals(positions, []).value;
  const totals: PortfolioTotals | undefined = rows ? portfolioTotals(positions, rows) : undefined;
  const units = (amount: bigint, signed = false) =>
    token.data ? (
      <span title={tokenTitle(amount, token.data.decimals, token.data.symbol)}>
        {(signed ? formatSignedTokenAmount : formatTokenAmount)(amount, token.data.decimals, token.data.symbol)}
      </span>
    ) : (
      <Skeleton height="1.4rem" />
    );
  return (
    <section aria-label="Summary" className={styles.summary}>
      <dl className="figures figures--hero" data-testid="portfolio-summary">
        <div className={`figure ${styles.key}`}>
          <dt>Total current value</dt>
          <dd data-testid="total-value">{units(value)}</dd>
        </div>
        <div className={`figure ${styles.key}`}>
          <dt title="What your positions are worth now plus what you withdrew, less what you deposited: after the fund's fees">
            Total profit
          </dt>
          <dd>
            {totals ? (
              <>
                <span
                  data-testid="total-profit"
                  className={totals.profit < 0n ? styles.down : totals.profit > 0n ? styles.up : undefined}
                >
                  {units(totals.profit, true)}
                </span>{" "}
                <span className="figure__note">{totals.profit < 0n ? "a loss, after fees" : "after fees"}</span>
              </>
            ) : (
              <Skeleton height="1.4rem" />
            )}
          </dd>
        </div>
        <div className="figure">
          <dt>Invested amount</dt>
          <dd>{formatUsd(sum((view) => view.investedAmount))}</dd>
        </div>
        <div className="figure">
          <dt>Voting power</dt>
          <dd>{formatNumber(sum((view) => view.votingPower))}</dd>
        </div>
        <div className="figure">
          <dt>Total withdrawn</dt>
          <dd>{formatUsd(sum((view) => view.totalWithdrawn))}</dd>
        </div>
        <div className="figure">
          <dt title="DAO ranking: what you have invested, as a share of everything invested in the fund">
            Share of the fund
          </dt>
          <dd>
            {formatPercent(
              Math.min(
                100,
                sum((view) => view.daoRankingPercent),
              ),
            )}
          </dd>
        </div>
      </dl>
      {accountCount > 1 && (
        <p className={styles.scope}>Totals over your wallet and your smart account, each listed below.</p>
      )}
    </section>
  );
}
