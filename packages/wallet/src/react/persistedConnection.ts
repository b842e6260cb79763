import type { Config } from "wagmi";

/**
 * Whether a connection from the last visit may be restored: wagmi's persisted state says so, or it is still being
 * read from storage (wagmi reads it asynchronously, so the very first render cannot know yet).
 */
export function hasPersistedConnection(config: Config): boolean {
  const persist = (config._internal.store as { persist?: { hasHydrated(): boolean } }).persist;
  if (persist && !persist.hasHydrated()) return true;
  return config.state.current != null;
}
