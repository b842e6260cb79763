import type { Config } from "wagmi";
import { hasHydrated } from "../connectors/wagmiPrivate.js";

/**
 * Whether a connection from the last visit may be restored: wagmi's state holds one, or wagmi is still reading its
 * persisted state (asynchronously, so the very first render cannot know yet and must not say "disconnected").
 */
export function hasPersistedConnection(config: Config): boolean {
  return !hasHydrated(config) || config.state.current != null;
}
