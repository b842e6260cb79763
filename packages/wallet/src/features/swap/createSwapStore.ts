import { createStore, type Store } from "../../core/createStore.js";
import type { SwapToken } from "./createSwapClient.js";
import { DEFAULT_SLIPPAGE } from "./swapMath.js";

/** The Swap form, kept while the person moves between Swap and SwapPreview (and after a failed swap). */
export type SwapState = {
  from: SwapToken | undefined;
  to: SwapToken | undefined;
  /** The typed amount of the from token (decimal text). */
  amount: string;
  /** Slippage percent (text), default SLIPPAGE_TOLERANCE. */
  slippage: string;
};

/** The swap form store; `reset` clears the amount and keeps the pair and slippage. */
export type SwapStore = Store<SwapState> & { reset(): void };

const initial = (): SwapState => ({ from: undefined, to: undefined, amount: "", slippage: DEFAULT_SLIPPAGE });

/** A swap form store. */
export function createSwapStore(): SwapStore {
  const store = createStore<SwapState>(initial());
  return { ...store, reset: () => store.setState({ amount: "" }) };
}

const stores = new WeakMap<object, SwapStore>();

/** The swap store of a wallet core (one per runtime). */
export function swapStoreOf(owner: object): SwapStore {
  let store = stores.get(owner);
  if (!store) {
    store = createSwapStore();
    stores.set(owner, store);
  }
  return store;
}
