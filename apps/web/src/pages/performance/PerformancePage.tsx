import { futuresYield, nftLendingYield, parseDayMonthYear, toUserMessage } from "@fundament/sdk";
import { type ReactNode, useMemo, useState } from "react";
import { Link } from "react-router";
import { RangeChart } from "../../shared/components/charts/RangeChart";
import { Pager } from "../../shared/components/Pager";
import { Skeleton } from "../../shared/components/Skeleton";
import { ErrorState } from "../../shared/components/States";
import { useFuturesPerformance, useNftPerformance } from "../../shared/hooks/useFundQueries";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import {
  formatCoinAmount,
  formatDate,
  formatDateTime,
  formatPercent,
  formatUsd,
  formatUsdWhole,
} from "../../shared/lib/format";
import {
  columnLabel,
  columnValue,
  futuresColumns,
  futuresSeries,
  futuresValueColumn,
  nftSeries,
  type SeriesPoint,
} from "../../shared/lib/performanceSeries";
import { isDemoPayload } from "../vaults/vaults.helpers";

const ROWS_PER_PAGE = 10;
const usd0 = formatUsdWhole;
/** The API's day/month/year as the app writes a date ("Nov 23, 2026"); the text as it came when it is not one. */
const day = (text: string) => {
  const ms = parseDayMonthYear(text);
  return Number.isFinite(ms) ? formatDate(ms / 1000) : text;
};
const sol = (value: number) => formatCoinAmount(value, "SOL");
const num = (value: unknown) => {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? formatCoinAmount(n) : "—";
};

function usePaged<T>(rows: readonly T[]) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const current = Math.min(page, pages - 1);
  return { page: current, pages, setPage, rows: rows.slice(current * ROWS_PER_PAGE, (current + 1) * ROWS_PER_PAGE) };
}

type Figure = { term: string; value: string | number; accent?: boolean };

/**
 * One vault's performance card: what the figures are (and which vault they drive), loading, the fetch's error or the
 * payload's `error`, else a demo-data label when the API serves the demo's data, its figures, the chart with range
 * tabs and the records newest first, a page at a time.
 */
function PerformanceCard<Row>({
  id,
  title,
  about,
  demo,
  query,
  payloadError,
  figures,
  chart,
  table,
}: {
  id: string;
  title: string;
  /** What the figures are, in a sentence, with the vault they belong to. */
  about: ReactNode;
  /** The payload is the demo's (`source: "demo"`). */
  demo: boolean;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
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
      <p className="muted">{about}</p>
      {query.isPending ? (
        <Skeleton height="280px" />
      ) : query.isError ? (
        <ErrorState message={toUserMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : payloadError ? (
        <p className="error-text" role="alert">
          {payloadError}
        </p>
      ) : (
        <>
          {demo && (
            <p className="notice notice--info" data-testid={`${id}-demo`}>
              <strong>Demo data.</strong> These figures were generated for the demo: they are not the traders' real
              results.
            </p>
          )}
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
                <table className="table table--stack">
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
      about={
        <>
          The futures traders' exchange account: its equity in USD, one record a day. These are the trading account's
          figures, not the vault's deposits; the{" "}
          <Link to="/vaults/futures-trading-vault">Crypto futures trading vault</Link> shows its own TVL and rounds, and
          takes its APY from this yield.
        </>
      }
      demo={isDemoPayload(data)}
      query={query}
      payloadError={data?.error}
      figures={[
        { term: "Account equity at start", value: formatUsd(Number(data?.initial_tvl_usd ?? 0)) },
        { term: "Account equity now", value: formatUsd(Number(data?.current_tvl_usd ?? 0)) },
        { term: "Annualised yield", value: formatPercent(data ? futuresYield(data) * 100 : 0), accent: true },
        { term: "Days recorded", value: records.length },
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
            <td data-label="Date">{day(String(record.date))}</td>
            {columns.map((c) => (
              <td key={c} className="num" data-label={columnLabel(c)}>
                {columnValue(c, record[c])}
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
      about={
        <>
          The NFT lending book: its total value in SOL over time. These are the lending book's figures, not the vault's
          deposits; the <Link to="/vaults/nft-vault">NFT lending vault</Link> shows its own TVL and rounds, and takes
          its APY from this yield.
        </>
      }
      demo={isDemoPayload(data)}
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
            <td data-label="Time">
              {point.time % 86_400 === 0 ? formatDate(point.time) : formatDateTime(point.time * 1000)}
            </td>
            <td className="num" data-label="Total value (SOL)">
              {num(point.value)}
            </td>
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
          <p className="page__lead">
            How the traders have done: the futures trading account in USD and the NFT lending book in SOL. Each vault's
            APY comes from these yields; its deposits, TVL and rounds are on the vault's own page.
          </p>
        </div>
      </header>
      <div className="stack">
        <FuturesSection />
        <NftSection />
      </div>
    </div>
  );
}
