import { useInfiniteQuery } from "@tanstack/react-query";
import { lazy } from "react";
import { formatDateTime, shortenAddress } from "../../core/format.js";
import { type TransactionRow, toTransactionRows } from "../../features/transactions/describeTransactions.js";
import { fetchTransactions } from "../../features/transactions/fetchTransactions.js";
import { ActivityList } from "../components/ActivityList.js";
import { AddressName } from "../components/AddressName.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";
import { FamilyView } from "./FamilyView.js";

/**
 * The account's history from the API, newest first, with cursor paging ('Failed to fetch transactions'): each row
 * labelled (Sent, Received, Swapped, Invested, Withdrew, Minted, "Voted for proposal #5", "Turned roll-over on"), its
 * amount with the token's symbol, the counterparty by name (`AddressName`, or the vault's name: "Invested in Crypto
 * futures trading vault"), a "Possible spam" mark on unlisted tokens, a swap's legs as one row.
 */
export function TransactionsView() {
  return <FamilyView evm={EvmTransactionsView} families={{ solana: SolanaTransactionsView }} />;
}

/** The Solana family's view (a separate chunk, loaded when the Solana family is active). */
const SolanaTransactionsView = lazy(() =>
  import("./solana/SolanaViews.js").then((m) => ({ default: m.SolanaTransactionsView })),
);

/** Said when the API did not give the history (down, unreachable, an error): never "No activity yet". */
export const ACTIVITY_UNAVAILABLE = "Your activity could not be loaded: the server did not answer.";

function ActivityUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="fw-stack" role="alert">
      <p className="fw-error fw-wrap">{ACTIVITY_UNAVAILABLE}</p>
      <button type="button" className="fw-button fw-button-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** The EVM account's history from the API. */
function EvmTransactionsView() {
  const runtime = useWalletRuntime();
  const { address, chainId } = useWalletAccount();
  const network = useStore(runtime.core.state, () => runtime.core.state.activeNetwork());
  const apiUrl = runtime.config.apiUrl;
  const query = useInfiniteQuery({
    queryKey: ["fundament.wallet", "transactions", apiUrl, address, chainId],
    enabled: Boolean(apiUrl && address),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      // The spec's fetch answers a failure with an empty page and 'Failed to fetch transactions' (the toast); the
      // view must not read that empty page as "No activity yet", so the failure is kept and thrown.
      let failure: unknown;
      const page = await fetchTransactions({
        baseUrl: apiUrl ?? "",
        address,
        chainId,
        cursor: pageParam,
        fetch: runtime.config.fetch,
        onError: (message, error) => {
          failure = error ?? new Error(message);
          runtime.core.toasts.show(message, "error");
        },
      });
      if (failure !== undefined) throw failure;
      return page;
    },
    retry: false,
    getNextPageParam: (last) => last.next,
  });
  if (!apiUrl) return <p className="fw-muted">Activity is not available.</p>;
  if (!address) return <p className="fw-muted">Not connected.</p>;
  const rows = toTransactionRows(query.data?.pages.flatMap((p) => p.data) ?? [], address);
  const explorer = network?.blockExplorers?.default.url;
  return (
    <ActivityList
      rows={rows}
      rowKey={(row) => row.id}
      renderRow={(row) => <EvmActivityRow row={row} explorer={explorer} />}
      status={query.isLoading ? "loading" : query.isError && rows.length === 0 ? "unavailable" : "ready"}
      unavailable={<ActivityUnavailable onRetry={() => void query.refetch()} />}
      after={
        query.isError && rows.length > 0 ? <ActivityUnavailable onRetry={() => void query.fetchNextPage()} /> : null
      }
      more={{
        show: Boolean(query.hasNextPage) && !query.isError,
        loading: query.isFetchingNextPage,
        load: () => void query.fetchNextPage(),
      }}
    />
  );
}

/** One row of the EVM history: label, amount, counterparty, spam mark, time, and the transaction's link. */
function EvmActivityRow({ row, explorer }: { row: TransactionRow; explorer: string | undefined }) {
  const tx = row.item;
  const hash = tx.metadata.hash;
  const other = row.counterparty;
  const swap = row.swap;
  return (
    <>
      <span>
        <strong>{row.label}</strong>
        {swap && row.amount ? ` ${row.amount}` : null}
        {other ? (
          <span className="fw-tx-party">
            {" "}
            {other.label}{" "}
            {other.name ? <span title={other.address}>{other.name}</span> : <AddressName address={other.address} />}
          </span>
        ) : null}
        {row.spam ? (
          <>
            {" "}
            <span className="fw-tag" title="This token is not on the list of known tokens">
              Possible spam
            </span>
          </>
        ) : null}
        <br />
        <time className="fw-muted" dateTime={tx.metadata.minedAt}>
          {formatDateTime(Date.parse(tx.metadata.minedAt))}
        </time>
      </span>
      <span>
        {swap ? "" : (row.amount ?? "")}
        {hash ? (
          <>
            <br />
            {explorer ? (
              <a href={`${explorer}/tx/${hash}`} target="_blank" rel="noreferrer noopener" title={hash}>
                {shortenAddress(hash)}
              </a>
            ) : (
              <span className="fw-muted" title={hash}>
                {shortenAddress(hash)}
              </span>
            )}
          </>
        ) : null}
      </span>
    </>
  );
}
