import type { Router } from "./createRouter.js";

/**
 * What views keep outside themselves, per router history entry (`router.entryIds()`), e.g. the outcome of the wallet
 * request a view awaits. A view may be unmounted while it waits: the embedded wallet's approval is a view pushed
 * over it (and the dialog mounts its content afresh when the secure frame shows or hides), so an error set in the
 * view's own React state would be lost; kept here, it is the view's again once it is back on screen. An entry's
 * values are dropped when the entry leaves the history (back, replace, reset), and a write to a dropped entry (a
 * request that ends after the person left the view) is ignored.
 */
export type ViewStates = {
  has(entry: number, key: string): boolean;
  get(entry: number, key: string): unknown;
  set(entry: number, key: string, value: unknown): void;
  /** Called after every change of a value. */
  subscribe(listener: () => void): () => void;
};

export function createViewStates(router: Router): ViewStates {
  const entries = new Map<number, Map<string, unknown>>();
  const listeners = new Set<() => void>();
  router.subscribe(() => {
    const live = new Set(router.entryIds());
    for (const id of entries.keys()) if (!live.has(id)) entries.delete(id);
  });
  return {
    has: (entry, key) => entries.get(entry)?.has(key) ?? false,
    get: (entry, key) => entries.get(entry)?.get(key),
    set(entry, key, value) {
      if (!router.entryIds().includes(entry)) return;
      let values = entries.get(entry);
      if (!values) {
        values = new Map();
        entries.set(entry, values);
      }
      if (values.has(key) && Object.is(values.get(key), value)) return;
      values.set(key, value);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
