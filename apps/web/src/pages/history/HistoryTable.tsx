import { type ExchangeTransfer, shortenAddress } from "@fundament/sdk";
import { Pager } from "../../shared/components/Pager";
import { Skeleton } from "../../shared/components/Skeleton";
import { EmptyState } from "../../shared/components/States";
import { formatDateTime } from "../../shared/lib/format";
import { transferAmount, transferAmountUsd, transferFee, transferHash } from "./history.helpers";

export type HistoryTableProps = {
  rows: readonly ExchangeTransfer[];
  /** Errors in plain words (the API's `data.error`, or a failed request). */
  errors: readonly string[];
  isLoading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Older records remain on the server: a button on the last page loads them. */
  more?: { loading: boolean; onLoad: () => void } | undefined;
};

/** The fund's deposits and withdrawals on the exchange, a page at a time, with empty and error states. */
export function HistoryTable({ rows, errors, isLoading, page, pageSize, onPageChange, more }: HistoryTableProps) {
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages - 1);
  const visible = rows.slice(current * pageSize, (current + 1) * pageSize);
  return (
    <div className="history">
      {errors.length > 0 && (
        <div className="notice notice--error" role="alert">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      )}
      {isLoading ? (
        <div className="stack" aria-busy="true">
          <p className="visually-hidden">Loading the exchange history…</p>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="2.5rem" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <EmptyState title="No transfers yet">
          <p>
            {errors.length > 0
              ? "Nothing could be shown because of the error above."
              : "The fund has no deposits or withdrawals on the exchange yet."}
          </p>
        </EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Exchange deposits and withdrawals, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    Amount (USD)
                  </th>
                  <th scope="col">Network</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Fee
                  </th>
                  <th scope="col">Transaction</th>
                </tr>
              </thead>
              <tbody>
                {visible.map((t) => {
                  const txid = transferHash(t);
                  return (
                    <tr key={`${t.type}-${t.id}`}>
                      <td>{t.datetime ? formatDateTime(Date.parse(t.datetime)) : formatDateTime(t.timestamp)}</td>
                      <td>
                        <span className={`badge badge--${t.type}`}>
                          {t.type === "deposit" ? "Deposit" : "Withdrawal"}
                        </span>
                      </td>
                      <td className="num">{transferAmount(t)}</td>
                      <td className="num">{transferAmountUsd(t)}</td>
                      <td>{t.network ?? t.chain ?? "—"}</td>
                      <td>{t.status}</td>
                      <td className="num">{transferFee(t)}</td>
                      <td className="mono" title={txid ?? undefined}>
                        {txid ? shortenAddress(txid, 12) : "—"}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager page={current} pages={pages} onChange={onPageChange} label="History pages" />
          {more && current === pages - 1 && (
            <div className="history__more">
              <button
                type="button"
                className="button button--secondary"
                onClick={more.onLoad}
                disabled={more.loading}
                aria-busy={more.loading}
              >
                {more.loading ? "Loading older transfers…" : "Load older transfers"}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
