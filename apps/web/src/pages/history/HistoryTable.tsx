import type { ExchangeTransfer } from "@fundament/sdk";
import { Pager } from "../../shared/components/Pager";
import { Skeleton } from "../../shared/components/Skeleton";
import { EmptyState } from "../../shared/components/States";
import { formatDateTime, shortenAddress } from "../../shared/lib/format";
import styles from "./HistoryTable.module.css";
import { transferAmount, transferAmountUsd, transferFee, transferHash } from "./history.helpers";

export type HistoryTableProps = {
  rows: readonly ExchangeTransfer[];
  /** Errors in plain words (the API's `data.error`, or the one message for failed requests). */
  errors: readonly string[];
  /** The requests failed: a Retry button beside the errors. */
  retry?: { retrying: boolean; onRetry: () => void } | undefined;
  isLoading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Older records remain on the server: a button on the last page loads them. */
  more?: { loading: boolean; onLoad: () => void } | undefined;
};

/**
 * The fund's deposits and withdrawals on the exchange, a page at a time, with empty and error states. On a phone each
 * row becomes a card of labelled values (`.table--stack`, the labels from `data-label`), so amounts stay on screen.
 */
export function HistoryTable({
  rows,
  errors,
  retry,
  isLoading,
  page,
  pageSize,
  onPageChange,
  more,
}: HistoryTableProps) {
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages - 1);
  const visible = rows.slice(current * pageSize, (current + 1) * pageSize);
  return (
    <div className="history">
      {errors.length > 0 && <HistoryErrors errors={errors} retry={retry} />}
      {isLoading ? (
        <HistoryLoading />
      ) : rows.length === 0 ? (
        // With an error, the error alone says why nothing shows (said once, not again as an empty history).
        errors.length > 0 ? null : (
          <EmptyState title="No transfers yet">
            <p>The fund has no deposits or withdrawals on the exchange yet.</p>
          </EmptyState>
        )
      ) : (
        <>
          <TransfersTable transfers={visible} />
          <Pager page={current} pages={pages} onChange={onPageChange} label="History pages" />
          {more && current === pages - 1 && <LoadOlder more={more} />}
        </>
      )}
    </div>
  );
}

/** The errors in plain words, with a Retry button when the requests failed. */
function HistoryErrors({ errors, retry }: Pick<HistoryTableProps, "errors" | "retry">) {
  return (
    <div className={`notice notice--error ${styles.errors}`}>
      <div role="alert">
        {errors.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </div>
      {retry && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={retry.onRetry}
          disabled={retry.retrying}
          aria-busy={retry.retrying}
        >
          {retry.retrying ? "Retrying…" : "Retry"}
        </button>
      )}
    </div>
  );
}

/** Placeholder rows while the first pages load. */
function HistoryLoading() {
  return (
    <div className="stack" aria-busy="true">
      <p className="visually-hidden">Loading the exchange history…</p>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height="2.5rem" />
      ))}
    </div>
  );
}

/** One page of transfers as a table (a card of labelled values per row on a phone). */
function TransfersTable({ transfers }: { transfers: readonly ExchangeTransfer[] }) {
  return (
    <div className="table-wrap">
      <table className="table table--stack">
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
          {transfers.map((t) => (
            <TransferRow key={`${t.type}-${t.id}`} transfer={t} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One transfer: date, type, amount (and in US dollars), network, status, fee and transaction hash. */
function TransferRow({ transfer: t }: { transfer: ExchangeTransfer }) {
  const txid = transferHash(t);
  return (
    <tr>
      <td data-label="Date">{t.datetime ? formatDateTime(Date.parse(t.datetime)) : formatDateTime(t.timestamp)}</td>
      <td data-label="Type">
        <span className={`badge badge--${t.type}`}>{t.type === "deposit" ? "Deposit" : "Withdrawal"}</span>
      </td>
      <td className="num" data-label="Amount" title={`${t.amount} ${t.currency || t.coin}`}>
        {transferAmount(t)}
      </td>
      <td className="num" data-label="Amount (USD)">
        {transferAmountUsd(t)}
      </td>
      <td data-label="Network">{t.network ?? t.chain ?? "—"}</td>
      <td data-label="Status">{t.status}</td>
      <td className="num" data-label="Fee" title={t.fee ? `${t.fee.cost} ${t.fee.currency}` : undefined}>
        {transferFee(t)}
      </td>
      <td className="mono" data-label="Transaction" title={txid ?? undefined}>
        {txid ? shortenAddress(txid) : "—"}
      </td>
    </tr>
  );
}

/** On the last loaded page, while older records remain on the server: the button that loads them. */
function LoadOlder({ more }: { more: NonNullable<HistoryTableProps["more"]> }) {
  return (
    <div className={styles.more}>
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
  );
}
