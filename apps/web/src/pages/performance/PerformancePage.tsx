import { formatPercent, formatUsd, futuresYield, nftLendingYield, toUserMessage } from "@fundament/sdk";
import { useMemo, useState } from "react";
import { RangeChart } from "../../shared/components/charts/RangeChart";
import { Pager } from "../../shared/components/Pager";
import { Skeleton } from "../../shared/components/Skeleton";
import { useFuturesPerformance, useNftPerformance } from "../../shared/hooks/useFundQueries";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { formatDateTime } from "../../shared/lib/format";
import {
  columnLabel,
  futuresColumns,
  futuresSeries,
  futuresValueColumn,
  nftSeries,
} from "../../shared/lib/performanceSeries";

const ROWS_PER_PAGE = 10;
const usd0 = (value: number) => formatUsd(value);
const sol = (value: number) => `${value.toLocaleString("en-US", { maximumFractionDigits: 4 })} SOL`;
const num = (value: unknown) => {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: 4 }) : "—";
};

function usePaged<T>(rows: readonly T[]) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const current = Math.min(page, pages - 1);
  return { page: current, pages, setPage, rows: rows.slice(current * ROWS_PER_PAGE, (current + 1) * ROWS_PER_PAGE) };
}

function FuturesSection() {
  const query = useFuturesPerformance();
  const data = query.data;
  const points = useMemo(() => futuresSeries(data), [data]);
  const columns = useMemo(() => futuresColumns(data), [data]);
  const valueColumn = futuresValueColumn(data);
  const records = useMemo(
    () => [...(data?.performance_records ?? [])].map((record, position) => ({ record, position })).reverse(),
    [data],
  );
  const paged = usePaged(records);
  return (
    <section className="card" aria-labelledby="futures-title">
      <h2 id="futures-title">Crypto futures trading</h2>
      {query.isPending ? (
        <Skeleton height="280px" />
      ) : query.isError ? (
        <p className="error-text" role="alert">
          {toUserMessage(query.error)}
        </p>
      ) : data?.error ? (
        <p className="error-text" role="alert">
          {data.error}
        </p>
      ) : (
        <>
          <dl className="figures figures--compact">
            <div className="figure">
              <dt>Initial TVL</dt>
              <dd>{formatUsd(Number(data?.initial_tvl_usd ?? 0))}</dd>
            </div>
            <div className="figure">
              <dt>Current TVL</dt>
              <dd>{formatUsd(Number(data?.current_tvl_usd ?? 0))}</dd>
            </div>
            <div className="figure figure--accent">
              <dt>Annualised yield</dt>
              <dd>{formatPercent(data ? futuresYield(data) * 100 : 0)}</dd>
            </div>
            <div className="figure">
              <dt>Records</dt>
              <dd>{records.length}</dd>
            </div>
          </dl>
          {points.length > 0 && (
            <RangeChart
              points={points}
              label={`Futures ${valueColumn ? columnLabel(valueColumn).toLowerCase() : "value"} over time`}
              formatValue={usd0}
            />
          )}
          {records.length === 0 ? (
            <p className="muted">No performance records yet.</p>
          ) : (
            <>
              <div className="table-wrap">
                <table className="table">
                  <caption className="visually-hidden">Futures performance records, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      {columns.map((c) => (
                        <th key={c} scope="col" className="num">
                          {columnLabel(c)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {paged.rows.map(({ record, position }) => (
                      <tr key={position}>
                        <td>{record.date}</td>
                        {columns.map((c) => (
                          <td key={c} className="num">
                            {num(record[c])}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={paged.page} pages={paged.pages} onChange={paged.setPage} label="Futures records pages" />
            </>
          )}
        </>
      )}
    </section>
  );
}

function NftSection() {
  const query = useNftPerformance();
  const data = query.data;
  const points = useMemo(() => nftSeries(data), [data]);
  const rows = useMemo(() => [...points].reverse(), [points]);
  const paged = usePaged(rows);
  return (
    <section className="card" aria-labelledby="nft-title">
      <h2 id="nft-title">NFT lending</h2>
      {query.isPending ? (
        <Skeleton height="280px" />
      ) : query.isError ? (
        <p className="error-text" role="alert">
          {toUserMessage(query.error)}
        </p>
      ) : data?.error ? (
        <p className="error-text" role="alert">
          {data.error}
        </p>
      ) : (
        <>
          <dl className="figures figures--compact">
            <div className="figure">
              <dt>Total profit</dt>
              <dd>{data?.summary ? sol(Number(data.summary.total_profit_sol)) : "—"}</dd>
            </div>
            <div className="figure">
              <dt>Latest total value</dt>
              <dd>{points.at(-1) ? sol(points.at(-1)?.value ?? 0) : "—"}</dd>
            </div>
            <div className="figure figure--accent">
              <dt>Annualised yield</dt>
              <dd>{formatPercent(data ? nftLendingYield(data) * 100 : 0)}</dd>
            </div>
            <div className="figure">
              <dt>Data points</dt>
              <dd>{points.length}</dd>
            </div>
          </dl>
          {points.length > 0 && (
            <RangeChart points={points} label="NFT lending total value in SOL over time" formatValue={sol} />
          )}
          {rows.length === 0 ? (
            <p className="muted">No performance data yet.</p>
          ) : (
            <>
              <div className="table-wrap">
                <table className="table">
                  <caption className="visually-hidden">NFT lending total value, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Time</th>
                      <th scope="col" className="num">
                        Total value (SOL)
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {paged.rows.map((p) => (
                      <tr key={p.time}>
                        <td>{formatDateTime(p.time * 1000)}</td>
                        <td className="num">{num(p.value)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={paged.page} pages={paged.pages} onChange={paged.setPage} label="NFT lending data pages" />
            </>
          )}
        </>
      )}
    </section>
  );
}

/** Performance (`/performance`): both vaults' performance from the API, as charts and tables. */
export default function PerformancePage() {
  usePageTitle("Performance");
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Performance</h1>
          <p className="page__lead">How the traders have done: futures trading in USD and NFT lending in SOL.</p>
        </div>
      </header>
      <div className="stack">
        <FuturesSection />
        <NftSection />
      </div>
    </div>
  );
}
