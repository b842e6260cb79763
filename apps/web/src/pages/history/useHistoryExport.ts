import { useState } from "react";
import { downloadText } from "../../shared/lib/download";
import { type HistoryFilter, historyErrorMessage, mergeTransfers, transfersToCsv } from "./history.helpers";
import { fetchAllTransfers, type HistoryKind } from "./history.queries";

export type ExportState =
  | { status: "idle" }
  | { status: "running"; count: number }
  | { status: "error"; message: string };

/**
 * The CSV export of the whole history (of the kinds the filter shows): every page fetched from the API, counting the
 * records as they arrive, then downloaded; a failure is said in plain words.
 */
export function useHistoryExport(apiUrl: string, filter: HistoryFilter) {
  const [exporting, setExporting] = useState<ExportState>({ status: "idle" });

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

  return { exporting, exportCsv };
}
