import { useCallback, useRef, useSyncExternalStore } from "react";
import type { Store } from "../../core/createStore.js";

/** Reads a core store (or a slice of it) and re-renders when that slice changes. */
export function useStore<T extends object, S = T>(store: Store<T>, selector?: (state: T) => S): S {
  // Without a selector S is T (its default): the whole state is the slice, which the compiler cannot tie to S.
  const select = selector ?? ((state: T) => state as unknown as S);
  const cache = useRef<{ state: T; slice: S } | undefined>(undefined);
  const getSnapshot = useCallback(() => {
    const state = store.getState();
    if (cache.current && cache.current.state === state) return cache.current.slice;
    const slice = select(state);
    if (cache.current && Object.is(cache.current.slice, slice)) {
      cache.current = { state, slice: cache.current.slice };
      return cache.current.slice;
    }
    cache.current = { state, slice };
    return slice;
  }, [store, select]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribe = store.subscribe(onChange);
      return () => {
        unsubscribe();
      };
    },
    [store],
  );
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
