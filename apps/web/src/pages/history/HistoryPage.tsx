import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { HistoryTable } from "./HistoryTable";
import { type HistoryFilter, historyErrorMessage, mergeTransfers } from "./history.helpers";
import { depositsQuery, withdrawalsQuery } from "./history.queries";

const PAGE_SIZE = 10;
const FILTERS: { value: HistoryFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "deposit", label: "Deposits" },
  { value: "withdrawal", label: "Withdrawals" },
];

/** Exchange history (`/history`): the fund's deposits and withdrawals on the exchange. */
export default function HistoryPage() {
  usePageTitle("History");
  const { apiUrl } = useAppConfig();
  const deposits = useQuery(depositsQuery(apiUrl));
  const withdrawals = useQuery(withdrawalsQuery(apiUrl));
  const [filter, setFilter] = useState<HistoryFilter>("all");
  const [page, setPage] = useState(0);

  const rows = useMemo(
    () => mergeTransfers(deposits.data?.data.deposits, withdrawals.data?.data.withdrawals, filter),
    [deposits.data, withdrawals.data, filter],
  );
  const errors = [
    deposits.isError ? historyErrorMessage("deposits", deposits.error, apiUrl) : deposits.data?.data.error,
    withdrawals.isError ? historyErrorMessage("withdrawals", withdrawals.error, apiUrl) : withdrawals.data?.data.error,
  ].filter((e): e is string => Boolean(e));
  const uniqueErrors = [...new Set(errors)];

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>History</h1>
          <p className="page__lead">The fund's deposits to and withdrawals from the exchange its traders use.</p>
        </div>
      </header>
      <div className="card">
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
        <HistoryTable
          rows={rows}
          errors={uniqueErrors}
          isLoading={deposits.isPending || withdrawals.isPending}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
        />
      </div>
    </div>
  );
}
