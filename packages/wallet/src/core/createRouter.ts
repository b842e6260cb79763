import { createStore, type Store } from "./createStore.js";
import type { View, ViewData } from "./views.js";

export type RouterState = {
  view: View;
  data: ViewData | undefined;
  /** The history stack, oldest first; its last item is the current view. */
  history: View[];
};

export type Router = Store<RouterState> & {
  push(view: View, data?: ViewData): void;
  replace(view: View, data?: ViewData): void;
  reset(view: View, data?: ViewData): void;
  /** Goes back one view; closes the modal when only one view remains or UnsupportedChain is in the history. */
  goBack(): void;
  /**
   * An id per history entry (same length and order as `history`): a new one for each view pushed, replaced or
   * reset to; pushing the current view again keeps its id. What a view keeps outside itself (`ViewStates`) is kept
   * under its entry's id.
   */
  entryIds(): readonly number[];
};

export type CreateRouterParameters = {
  initialView?: View;
  /** Called when going back closes the modal. */
  onClose: () => void;
};

export function createRouter({ initialView = "Connect", onClose }: CreateRouterParameters): Router {
  const store = createStore<RouterState>({ view: initialView, data: undefined, history: [initialView] });
  // The data each history entry was opened with (same length as `history`): going back restores the earlier view
  // as it was opened (e.g. ConnectingSocial keeps its provider after the secure frame's step above it).
  let entryData: (ViewData | undefined)[] = [undefined];
  let lastId = 1;
  let ids: number[] = [lastId];
  return {
    ...store,
    push(view, data) {
      const { history } = store.getState();
      if (history[history.length - 1] === view) {
        entryData = [...entryData.slice(0, -1), data];
        store.setState({ data });
        return;
      }
      entryData = [...entryData, data];
      ids = [...ids, ++lastId];
      store.setState({ view, data, history: [...history, view] });
    },
    replace(view, data) {
      const { history } = store.getState();
      entryData = [...entryData.slice(0, -1), data];
      ids = [...ids.slice(0, -1), ++lastId];
      store.setState({ view, data, history: [...history.slice(0, -1), view] });
    },
    reset(view, data) {
      entryData = [data];
      ids = [++lastId];
      store.setState({ view, data, history: [view] });
    },
    goBack() {
      const { history } = store.getState();
      if (history.length <= 1 || history.includes("UnsupportedChain")) {
        onClose();
        return;
      }
      const next = history.slice(0, -1);
      entryData = entryData.slice(0, next.length);
      ids = ids.slice(0, next.length);
      store.setState({ view: next[next.length - 1] as View, data: entryData[next.length - 1], history: next });
    },
    entryIds: () => ids,
  };
}
