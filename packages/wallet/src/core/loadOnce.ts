/**
 * A loader that runs `load` once and shares its promise with every caller; a failed load (a chunk that could not be
 * fetched, a module that threw) is forgotten, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
}
