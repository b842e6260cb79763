import { useState } from "react";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { formatNumber } from "../../shared/lib/format";
import styles from "./HistoryPage.module.css";
import { HistoryTable } from "./HistoryTable";
import type { HistoryFilter } from "./history.helpers";
import { useExchangeHistory } from "./useExchangeHistory";
import { type ExportState, useHistoryExport } from "./useHistoryExport";

const PAGE_SIZE = 10;
const FILTERS: { value: HistoryFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "deposit", label: "Deposits" },
  { value: "withdrawal", label: "Withdrawals" },
];

/**
 * Exchange history (`/history`): the fund's deposits and withdrawals on the exchange, merged newest first, with the
 * amount in US dollars; filter by type; older records load from the API on demand; CSV export of the whole history.
 */
export default function HistoryPage() {
  usePageTitle("History");
  const { apiUrl } = useAppConfig();
  const [filter, setFilter] = useState<HistoryFilter>("all");
  const [page, setPage] = useState(0);
  const history = useExchangeHistory(apiUrl, filter);
  const { exporting, exportCsv } = useHistoryExport(apiUrl, filter);
  const { rows, uniqueErrors, failure, demo } = history;

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>History</h1>
          <p className="page__lead">The fund's deposits to and withdrawals from the exchange its traders use.</p>
        </div>
      </header>
      <div className="card">
        <div className={styles.toolbar}>
          <HistoryFilters
            filter={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(0);
            }}
          />
          <ExportControl exporting={exporting} disabled={rows.length === 0} onExport={() => void exportCsv()} />
        </div>
        {exporting.status === "error" && (
          <p className="error-text" role="alert">
            {exporting.message}
          </p>
        )}
        {demo && (
          <div className="notice notice--info" role="status">
            <p>
              Demo data. {uniqueErrors.length > 0 ? uniqueErrors.join(" ") : "These records are not from the exchange."}
            </p>
          </div>
        )}
        <HistoryTable
          rows={rows}
          errors={[...(failure ? [failure] : []), ...(demo ? [] : uniqueErrors)]}
          retry={failure ? { retrying: history.retrying, onRetry: history.retry } : undefined}
          isLoading={history.isLoading}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
          more={history.complete ? undefined : { loading: history.loadingMore, onLoad: history.loadOlder }}
        />
      </div>
    </div>
  );
}

/** Which transfers show: all, deposits or withdrawals (a segmented control). */
function HistoryFilters({ filter, onChange }: { filter: HistoryFilter; onChange: (filter: HistoryFilter) => void }) {
  return (
    <fieldset className="segmented" aria-label="Show">
      <legend className="visually-hidden">Show</legend>
      {FILTERS.map((f) => (
        <button
          key={f.value}
          type="button"
          className="segmented__option"
          aria-pressed={filter === f.value}
          onClick={() => onChange(f.value)}
        >
          {f.label}
        </button>
      ))}
    </fieldset>
  );
}

/** The export's progress (a status) and its "Export CSV" button. */
function ExportControl({
  exporting,
  disabled,
  onExport,
}: {
  exporting: ExportState;
  /** Nothing to export (no rows shown). */
  disabled: boolean;
  onExport: () => void;
}) {
  return (
    <div className={styles.toolbarEnd}>
      <span className="muted small" role="status">
        {exporting.status === "running" ? `Exporting… ${formatNumber(exporting.count, 0)} records` : ""}
      </span>
      <button
        type="button"
        className="button button--secondary"
        onClick={onExport}
        disabled={exporting.status === "running" || disabled}
        aria-busy={exporting.status === "running"}
      >
        Export CSV
      </button>
    </div>
  );
}
