import { createContext, useCallback, useContext, useRef, useState, useSyncExternalStore } from "react";
import { useWalletRuntime } from "../context.js";

/** The router history entry (`router.entryIds()`) of the view being rendered; set by the panel around each view. */
export const ViewEntryContext = createContext<number | undefined>(undefined);

/** The next value, or how to make it from the current one (as React's `useState`). Not for function values. */
export type ViewStateUpdate<T> = T | ((current: T) => T);

/**
 * `useState` for what a view must not lose while it awaits the wallet (its status, the request's error): the value is
 * kept in the core's `viewStates` under the view's history entry, so a view that was unmounted meanwhile (the
 * embedded wallet's approval pushed over it, the dialog's content mounted afresh when the secure frame shows or
 * hides) shows it once it is back, and a setter called after the unmount (an awaited request that ends) still
 * reaches it. The value goes with the entry: leaving the view (back, replace, reset) starts afresh next time.
 * Outside a view of the panel it is plain component state.
 */
export function useViewState<T>(key: string, initial: T): [T, (update: ViewStateUpdate<T>) => void] {
  const { core } = useWalletRuntime();
  const states = core.viewStates;
  const entry = useContext(ViewEntryContext);
  // Kept from the first render: the snapshot must be the same value while nothing was set.
  const first = useRef(initial).current;
  const [local, setLocal] = useState(first);
  const read = useCallback(
    () => (entry !== undefined && states.has(entry, key) ? (states.get(entry, key) as T) : first),
    [states, entry, key, first],
  );
  const kept = useSyncExternalStore(states.subscribe, read, read);
  const set = useCallback(
    (update: ViewStateUpdate<T>) => {
      if (entry === undefined) {
        setLocal(update);
        return;
      }
      const next = typeof update === "function" ? (update as (current: T) => T)(read()) : update;
      states.set(entry, key, next);
    },
    [states, entry, key, read],
  );
  return [entry === undefined ? local : kept, set];
}

/** Where a view's wallet request stands: not started, waiting for the wallet, or its result or error. */
export type ViewRequestState<T> =
  | { status: "idle" }
  | { status: "pending" }
  | { status: "success"; data: T }
  | { status: "error"; error: unknown };

const IDLE: ViewRequestState<never> = { status: "idle" };

/**
 * A wallet request a view starts and then says the outcome of, kept as view state (`useViewState`): the outcome of a
 * request answered while the view was unmounted (the wallet's prompt was over it) is shown once the view is back.
 * `run` resolves with the result, or undefined when the request failed (its error is in the state).
 */
export function useViewRequest<T>(key: string) {
  const [state, setState] = useViewState<ViewRequestState<T>>(key, IDLE);
  const run = useCallback(
    async (request: () => Promise<T>): Promise<T | undefined> => {
      setState({ status: "pending" });
      try {
        const data = await request();
        setState({ status: "success", data });
        return data;
      } catch (error) {
        setState({ status: "error", error });
        return undefined;
      }
    },
    [setState],
  );
  return { state, run, pending: state.status === "pending" };
}
