import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { downloadText } from "../../shared/lib/download";
import { formatNumber } from "../../shared/lib/format";
import styles from "./HistoryPage.module.css";
import { HistoryTable } from "./HistoryTable";
import {
  type HistoryFilter,
  historyErrorMessage,
  historyFailureMessage,
  mergeLoaded,
  mergeTransfers,
  transfersToCsv,
} from "./history.helpers";
import { fetchAllTransfers, type HistoryKind, transfersOf, transfersQuery } from "./history.queries";

const PAGE_SIZE = 10;
const FILTERS: { value: HistoryFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "deposit", label: "Deposits" },
  { value: "withdrawal", label: "Withdrawals" },
];

type ExportState = { status: "idle" } | { status: "running"; count: number } | { status: "error"; message: string };

/** One kind of transfer, loaded a page at a time from the API; `error` is the API's own `data.error`. */
function useTransfers(apiUrl: string, kind: HistoryKind) {
  const query = useInfiniteQuery(transfersQuery(apiUrl, kind));
  const pages = query.data?.pages ?? [];
  // One array per load (not per render), so the merged list is only rebuilt when a page arrives.
  const records = useMemo(() => {
    const loaded = query.data?.pages ?? [];
    return loaded.some((p) => transfersOf(p, kind) !== null) ? loaded.flatMap((p) => transfersOf(p, kind) ?? []) : null;
  }, [query.data, kind]);
  const error = query.isError ? null : (pages[0]?.data.error ?? null);
  return { query, records, error, source: pages[0]?.data.source, hasMore: Boolean(query.hasNextPage) };
}

/**
 * Exchange history (`/history`): the fund's deposits and withdrawals on the exchange, merged newest first, with the
 * amount in US dollars; filter by type; older records load from the API on demand; CSV export of the whole history.
 */
export default function HistoryPage() {
  usePageTitle("History");
  const { apiUrl } = useAppConfig();
  const deposits = useTransfers(apiUrl, "deposits");
  const withdrawals = useTransfers(apiUrl, "withdrawals");
  const [filter, setFilter] = useState<HistoryFilter>("all");
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState<ExportState>({ status: "idle" });

  const { rows, complete } = useMemo(
    () =>
      mergeLoaded(
        { records: deposits.records, hasMore: deposits.hasMore },
        { records: withdrawals.records, hasMore: withdrawals.hasMore },
        filter,
      ),
    [deposits.records, deposits.hasMore, withdrawals.records, withdrawals.hasMore, filter],
  );
  const uniqueErrors = [...new Set([deposits.error, withdrawals.error].filter((e): e is string => Boolean(e)))];
  // Failed requests (the API down, timing out or answering an error) are said once for both kinds, with a retry.
  const failedQueries = [deposits.query, withdrawals.query].filter((q) => q.isError);
  const failure = historyFailureMessage(failedQueries.map((q) => q.error));
  const retrying = failedQueries.some((q) => q.isFetching);
  const retry = () => {
    for (const q of failedQueries) void q.refetch();
  };
  // Demo records (no exchange keys): the API's error is why, not a failure; say so as information.
  const demo = deposits.source === "demo" || withdrawals.source === "demo";
  const loadingMore = deposits.query.isFetchingNextPage || withdrawals.query.isFetchingNextPage;

  const loadOlder = () => {
    if (filter !== "withdrawal" && deposits.hasMore) void deposits.query.fetchNextPage();
    if (filter !== "deposit" && withdrawals.hasMore) void withdrawals.query.fetchNextPage();
  };

  const exportCsv = async () => {
    setExporting({ status: "running", count: 0 });
    const counts = { deposits: 0, withdrawals: 0 };
    const progress = (kind: HistoryKind) => (count: number) => {
      counts[kind] = count;
      setExporting({ status: "running", count: counts.deposits + counts.withdrawals });
    };
    try {
      const [allDeposits, allWithdrawals] = await Promise.all([
        filter === "withdrawal" ? [] : fetchAllTransfers(apiUrl, "deposits", progress("deposits")),
        filter === "deposit" ? [] : fetchAllTransfers(apiUrl, "withdrawals", progress("withdrawals")),
      ]);
      const csv = transfersToCsv(mergeTransfers(allDeposits, allWithdrawals, filter));
      const what = filter === "all" ? "transfers" : `${filter}s`;
      downloadText(
        csv,
        `fundament-exchange-${what}-${new Date().toISOString().slice(0, 10)}.csv`,
        "text/csv;charset=utf-8",
      );
      setExporting({ status: "idle" });
    } catch (error) {
      setExporting({ status: "error", message: historyErrorMessage("Export failed", error) });
    }
  };

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
          <fieldset className="segmented" aria-label="Show">
            <legend className="visually-hidden">Show</legend>
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                className="segmented__option"
                aria-pressed={filter === f.value}
                onClick={() => {
                  setFilter(f.value);
                  setPage(0);
                }}
              >
                {f.label}
              </button>
            ))}
          </fieldset>
          <div className={styles.toolbarEnd}>
            <span className="muted small" role="status">
              {exporting.status === "running" ? `Exporting… ${formatNumber(exporting.count, 0)} records` : ""}
            </span>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void exportCsv()}
              disabled={exporting.status === "running" || rows.length === 0}
              aria-busy={exporting.status === "running"}
            >
              Export CSV
            </button>
          </div>
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
          retry={failure ? { retrying, onRetry: retry } : undefined}
          isLoading={deposits.query.isPending || withdrawals.query.isPending}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
          more={complete ? undefined : { loading: loadingMore, onLoad: loadOlder }}
        />
      </div>
    </div>
  );
}
