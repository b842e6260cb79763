import { createStore, type Store } from "../../core/createStore.js";
import { type FetchTransactionsParameters, fetchTransactions, type TransactionItem } from "./fetchTransactions.js";

export type TransactionsState = {
  transactions: TransactionItem[];
  next: string | undefined;
  loading: boolean;
  empty: boolean;
};

export type TransactionsController = Store<TransactionsState> & {
  /** Loads the first page (or the next, with `more`). */
  load(more?: boolean): Promise<void>;
  reset(): void;
};

/** The transactions list with cursor paging. On failure it becomes empty with no cursor. */
export function createTransactionsController(p: Omit<FetchTransactionsParameters, "cursor">): TransactionsController {
  const initial: TransactionsState = { transactions: [], next: undefined, loading: false, empty: false };
  const store = createStore<TransactionsState>(initial);
  return {
    ...store,
    async load(more = false) {
      const { next, transactions } = store.getState();
      if (more && !next) return;
      store.setState({ loading: true });
      let failed = false;
      const page = await fetchTransactions({
        ...p,
        cursor: more ? next : undefined,
        onError: (message, error) => {
          failed = true;
          p.onError?.(message, error);
        },
      });
      if (failed) {
        store.setState({ transactions: [], next: undefined, loading: false, empty: true });
        return;
      }
      const all = more ? [...transactions, ...page.data] : page.data;
      store.setState({ transactions: all, next: page.next, loading: false, empty: all.length === 0 });
    },
    reset: () => store.setState(initial),
  };
}
