import { type LiveVault, toUserMessage } from "@fundament/sdk";
import { useMemo } from "react";
import { RangeChart } from "../../shared/components/charts/RangeChart";
import { Skeleton } from "../../shared/components/Skeleton";
import { ErrorState } from "../../shared/components/States";
import { useFuturesPerformance, useNftPerformance } from "../../shared/hooks/useFundQueries";
import { formatCoinAmount, formatSignedPercent, formatUsdWhole } from "../../shared/lib/format";
import { futuresSeries, nftSeries, seriesChangePercent } from "../../shared/lib/performanceSeries";
import { isDemoPayload } from "../vaults/vaults.helpers";
import styles from "./VaultPerformance.module.css";

const usd = formatUsdWhole;
const sol = (value: number) => formatCoinAmount(value, "SOL");

/**
 * The vault's performance chart from the API, with range tabs; the API's error in plain words when it fails. Needs
 * only the vault's static feed (`performance`), so it shows while the chain cannot be read; `apyFromPerformance`
 * (live data) adds the note when the APY falls back to the static yield. A chart of the API's demo payload says so,
 * as the vault's APY and the Performance page do.
 */
export function VaultPerformance({
  vault,
}: {
  vault: Pick<LiveVault, "performance"> & { apyFromPerformance?: boolean | undefined };
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
        <h2 id="performance-title">Performance</h2>
        {points.length > 1 && (
          <span className={`${styles.delta} ${change >= 0 ? styles.up : styles.down}`}>
            {`${formatSignedPercent(change)} over the period`}
          </span>
        )}
      </div>
      {!hasFeed ? (
        <p className="muted">This vault has no performance feed yet; its rounds below show what it has returned.</p>
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
      {hasFeed && vault.apyFromPerformance === false && (
        <p className="muted small">
          The APY shown uses the vault's fallback yield because performance data is unavailable.
        </p>
      )}
    </section>
  );
}
