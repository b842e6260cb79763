import { useInfiniteQuery } from "@tanstack/react-query";
import { formatDateTime, formatNumeric, shortenAddress } from "../../core/format.js";
import { fetchTransactions, type TransactionItem } from "../../features/transactions/fetchTransactions.js";
import { AddressName } from "../components/AddressName.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";

function describe(tx: TransactionItem, address: string): string {
  const type = tx.metadata.operationType;
  if (type) return type.charAt(0).toUpperCase() + type.slice(1);
  const from = tx.metadata.sentFrom?.toLowerCase();
  if (from) return from === address.toLowerCase() ? "Sent" : "Received";
  return "Transaction";
}

/** The other side of a transfer: whom it was sent to, or whom it came from. */
function counterparty(tx: TransactionItem, address: string): { label: string; address: string } | undefined {
  const from = tx.metadata.sentFrom;
  const to = tx.metadata.sentTo;
  if (from && from.toLowerCase() === address.toLowerCase()) return to ? { label: "to", address: to } : undefined;
  return from ? { label: "from", address: from } : undefined;
}

function amountOf(tx: TransactionItem): string | undefined {
  const t = tx.transfers[0];
  if (!t?.quantity?.numeric) return undefined;
  return `${formatNumeric(t.quantity.numeric)} ${t.fungible_info?.symbol ?? ""}`.trim();
}

/** The account's history from the API, newest first, with cursor paging ('Failed to fetch transactions'). */
export function TransactionsView() {
  const runtime = useWalletRuntime();
  const { address, chainId } = useWalletAccount();
  const network = useStore(runtime.core.state, () => runtime.core.state.activeNetwork());
  const apiUrl = runtime.config.apiUrl;
  const query = useInfiniteQuery({
    queryKey: ["fundament.wallet", "transactions", apiUrl, address, chainId],
    enabled: Boolean(apiUrl && address),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      fetchTransactions({
        baseUrl: apiUrl ?? "",
        address,
        chainId,
        cursor: pageParam,
        fetch: runtime.config.fetch,
        onError: (message) => runtime.core.toasts.show(message, "error"),
      }),
    getNextPageParam: (last) => last.next,
  });
  if (!apiUrl) return <p className="fw-muted">Activity is not available.</p>;
  if (!address) return <p className="fw-muted">Not connected.</p>;
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const explorer = network?.blockExplorers?.default.url;
  return (
    <div className="fw-stack">
      {query.isLoading ? (
        <p className="fw-muted" role="status">
          Loading activity…
        </p>
      ) : items.length === 0 ? (
        <p className="fw-muted" role="status">
          No activity yet
        </p>
      ) : (
        <ul className="fw-tokens" aria-label="Transactions">
          {items.map((tx) => {
            const hash = tx.metadata.hash;
            const other = counterparty(tx, address);
            return (
              <li key={tx.id} className="fw-tx">
                <span>
                  <strong>{describe(tx, address)}</strong>
                  {other ? (
                    <span className="fw-tx-party">
                      {" "}
                      {other.label} <AddressName address={other.address} />
                    </span>
                  ) : null}
                  <br />
                  <time className="fw-muted" dateTime={tx.metadata.minedAt}>
                    {formatDateTime(Date.parse(tx.metadata.minedAt))}
                  </time>
                </span>
                <span>
                  {amountOf(tx) ?? ""}
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
              </li>
            );
          })}
        </ul>
      )}
      {query.hasNextPage ? (
        <button
          type="button"
          className="fw-button fw-button-secondary"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </div>
  );
}
