import { type LiveVault, type RoundReturn, toUserMessage } from "@fundament/sdk";
import { useMemo } from "react";
import { RangeChart } from "../../shared/components/charts/RangeChart";
import { Skeleton } from "../../shared/components/Skeleton";
import { ErrorState } from "../../shared/components/States";
import { useFuturesPerformance, useNftPerformance } from "../../shared/hooks/useFundQueries";
import { formatCoinAmount, formatNumber, formatSignedPercent, formatUsdWhole } from "../../shared/lib/format";
import { futuresSeries, nftSeries, seriesChangePercent } from "../../shared/lib/performanceSeries";
import { isDemoPayload, roundLabel } from "../vaults/vaults.helpers";
import styles from "./VaultPerformance.module.css";

const usd = formatUsdWhole;
const sol = (value: number) => formatCoinAmount(value, "SOL");

/** How many of the latest rounds the card lists (the rounds table below has them all). */
const ROUNDS_SHOWN = 6;

/** "7 days", "1 day", "30.5 days". */
function daysText(days: number): string {
  return days === 1 ? "1 day" : `${formatNumber(days)} days`;
}

/** "Round 2 −10% in 7 days". */
function roundReturnText({ round, returnPercent, days }: RoundReturn): string {
  return `${roundLabel(round)} ${formatSignedPercent(returnPercent)} in ${daysText(days)}`;
}

/** The vault's own return of each of its latest settled rounds, net of fees, oldest first; nothing before any. */
function RoundReturnsRow({ returns }: { returns: readonly RoundReturn[] }) {
  if (returns.length === 0) return null;
  const shown = returns.slice(-ROUNDS_SHOWN);
  const lead = shown.length < returns.length ? `The vault's last ${shown.length} rounds` : "The vault's rounds";
  return (
    <p className="small" data-testid="vault-round-returns">
      <span className="muted">{`${lead}, net of fees: `}</span>
      {shown.map((item, i) => (
        <span key={item.poolId.toString()}>
          {i > 0 && " · "}
          <span className={item.returnPercent >= 0 ? styles.up : styles.down}>{roundReturnText(item)}</span>
        </span>
      ))}
    </p>
  );
}

/**
 * The trading account's equity from the API (the spec's performance feed), with range tabs; the API's error in plain
 * words when it fails. It is not the vault's result: a line says so, and the vault's own return of each settled round,
 * net of fees, follows the chart. Needs only the vault's static feed (`performance`), so it shows while the chain
 * cannot be read; `apyFromPerformance` (live data) adds the note when the estimated APY falls back to the static
 * yield, `roundReturns` (live data) the rounds. A chart of the API's demo payload says so, as the vault's APY and the
 * Performance page do.
 */
export function VaultPerformance({
  vault,
}: {
  vault: Pick<LiveVault, "performance"> & {
    apyFromPerformance?: boolean | undefined;
    roundReturns?: readonly RoundReturn[] | undefined;
  };
}) {
  const isFutures = vault.performance === "futures";
  const hasFeed = vault.performance !== null;
  const futures = useFuturesPerformance();
  const nft = useNftPerformance();
  const query = isFutures ? futures : nft;
  const points = useMemo(
    () => (isFutures ? futuresSeries(futures.data) : nftSeries(nft.data)),
    [isFutures, futures.data, nft.data],
  );
  const payloadError = query.data?.error;
  const change = seriesChangePercent(points);
  return (
    <section className="card" aria-labelledby="performance-title">
      <div className="card__head">
        <h2 id="performance-title">Trading account</h2>
        {points.length > 1 && (
          <span className={`${styles.delta} ${change >= 0 ? styles.up : styles.down}`}>
            {`${formatSignedPercent(change)} over the period`}
          </span>
        )}
      </div>
      {hasFeed && (
        <p className="muted small">
          The trading account's equity from the API, not the vault's result: the vault's own results are its rounds
          below.
        </p>
      )}
      {!hasFeed ? (
        <p className="muted">
          This vault has no trading account feed yet: the vault's own results are its rounds below.
        </p>
      ) : query.isPending ? (
        <Skeleton height="280px" />
      ) : query.isError ? (
        <ErrorState message={toUserMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : payloadError ? (
        <p className="error-text" role="alert">
          {payloadError}
        </p>
      ) : points.length === 0 ? (
        <p className="muted">No performance data yet.</p>
      ) : (
        <>
          {isDemoPayload(query.data) && (
            <p className="notice notice--info" data-testid="vault-performance-demo">
              <strong>Demo data.</strong> These figures were generated for the demo: they are not the traders' real
              results.
            </p>
          )}
          <RangeChart
            points={points}
            label={isFutures ? "Futures vault value in USD over time" : "NFT lending total value in SOL over time"}
            formatValue={isFutures ? usd : sol}
          />
        </>
      )}
      <RoundReturnsRow returns={vault.roundReturns ?? []} />
      {hasFeed && vault.apyFromPerformance === false && (
        <p className="muted small">
          The estimated APY shown uses the vault's fallback yield because performance data is unavailable.
        </p>
      )}
    </section>
  );
}
