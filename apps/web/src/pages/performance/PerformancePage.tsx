import { formatPercent, formatUsd, futuresYield, nftLendingYield, toUserMessage } from "@fundament/sdk";
import { type ReactNode, useMemo, useState } from "react";
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
  type SeriesPoint,
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

type Figure = { term: string; value: string | number; accent?: boolean };

/**
 * One vault's performance card: loading, the fetch's error or the payload's `error`, else its figures, the chart
 * with range tabs and the records newest first, a page at a time.
 */
function PerformanceCard<Row>({
  id,
  title,
  query,
  payloadError,
  figures,
  chart,
  table,
}: {
  id: string;
  title: string;
  query: { isPending: boolean; isError: boolean; error: unknown };
  payloadError: string | null | undefined;
  figures: Figure[];
  chart: { points: SeriesPoint[]; label: string; formatValue: (value: number) => string };
  table: {
    caption: string;
    pagerLabel: string;
    empty: string;
    head: ReactNode;
    rows: readonly Row[];
    rowKey: (row: Row) => string | number;
    cells: (row: Row) => ReactNode;
  };
}) {
  const paged = usePaged(table.rows);
  const titleId = `${id}-title`;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {query.isPending ? (
        <Skeleton height="280px" />
      ) : query.isError || payloadError ? (
        <p className="error-text" role="alert">
          {query.isError ? toUserMessage(query.error) : payloadError}
        </p>
      ) : (
        <>
          <dl className="figures figures--compact">
            {figures.map((f) => (
              <div key={f.term} className={f.accent ? "figure figure--accent" : "figure"}>
                <dt>{f.term}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
          {chart.points.length > 0 && (
            <RangeChart points={chart.points} label={chart.label} formatValue={chart.formatValue} />
          )}
          {table.rows.length === 0 ? (
            <p className="muted">{table.empty}</p>
          ) : (
            <>
              <div className="table-wrap">
                <table className="table">
                  <caption className="visually-hidden">{table.caption}</caption>
                  <thead>{table.head}</thead>
                  <tbody>
                    {paged.rows.map((row) => (
                      <tr key={table.rowKey(row)}>{table.cells(row)}</tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={paged.page} pages={paged.pages} onChange={paged.setPage} label={table.pagerLabel} />
            </>
          )}
        </>
      )}
    </section>
  );
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
  return (
    <PerformanceCard
      id="futures"
      title="Crypto futures trading"
      query={query}
      payloadError={data?.error}
      figures={[
        { term: "Initial TVL", value: formatUsd(Number(data?.initial_tvl_usd ?? 0)) },
        { term: "Current TVL", value: formatUsd(Number(data?.current_tvl_usd ?? 0)) },
        { term: "Annualised yield", value: formatPercent(data ? futuresYield(data) * 100 : 0), accent: true },
        { term: "Records", value: records.length },
      ]}
      chart={{
        points,
        label: `Futures ${valueColumn ? columnLabel(valueColumn).toLowerCase() : "value"} over time`,
        formatValue: usd0,
      }}
      table={{
        caption: "Futures performance records, newest first",
        pagerLabel: "Futures records pages",
        empty: "No performance records yet.",
        head: (
          <tr>
            <th scope="col">Date</th>
            {columns.map((c) => (
              <th key={c} scope="col" className="num">
                {columnLabel(c)}
              </th>
            ))}
          </tr>
        ),
        rows: records,
        rowKey: (row) => row.position,
        cells: ({ record }) => (
          <>
            <td>{record.date}</td>
            {columns.map((c) => (
              <td key={c} className="num">
                {num(record[c])}
              </td>
            ))}
          </>
        ),
      }}
    />
  );
}

function NftSection() {
  const query = useNftPerformance();
  const data = query.data;
  const points = useMemo(() => nftSeries(data), [data]);
  const rows = useMemo(() => [...points].reverse(), [points]);
  const latest = points.at(-1);
  return (
    <PerformanceCard
      id="nft"
      title="NFT lending"
      query={query}
      payloadError={data?.error}
      figures={[
        { term: "Total profit", value: data?.summary ? sol(Number(data.summary.total_profit_sol)) : "—" },
        { term: "Latest total value", value: latest ? sol(latest.value) : "—" },
        { term: "Annualised yield", value: formatPercent(data ? nftLendingYield(data) * 100 : 0), accent: true },
        { term: "Data points", value: points.length },
      ]}
      chart={{ points, label: "NFT lending total value in SOL over time", formatValue: sol }}
      table={{
        caption: "NFT lending total value, newest first",
        pagerLabel: "NFT lending data pages",
        empty: "No performance data yet.",
        head: (
          <tr>
            <th scope="col">Time</th>
            <th scope="col" className="num">
              Total value (SOL)
            </th>
          </tr>
        ),
        rows,
        rowKey: (point) => point.time,
        cells: (point) => (
          <>
            <td>{formatDateTime(point.time * 1000)}</td>
            <td className="num">{num(point.value)}</td>
          </>
        ),
      }}
    />
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
