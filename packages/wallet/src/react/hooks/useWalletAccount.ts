import type { Address } from "viem";
import { type Config, useConfig, useConnection } from "wagmi";
import { useWalletRuntime } from "../context.js";
import { useStore } from "./useStore.js";

export type WalletAccountStatus = "disconnected" | "connecting" | "reconnecting" | "connected";

export type UseWalletAccountReturnType = {
  address: Address | undefined;
  chainId: number | undefined;
  /** `reconnecting` while a connection from the last visit is restored: show it as connecting, not disconnected. */
  status: WalletAccountStatus;
  isConnected: boolean;
  /** Connecting or reconnecting. */
  isConnecting: boolean;
};

/**
 * Whether a connection from the last visit may be restored: wagmi's persisted state says so, or it is still being
 * read from storage (wagmi reads it asynchronously, so the very first render cannot know yet).
 */
export function hasPersistedConnection(config: Config): boolean {
  const persist = (config._internal.store as { persist?: { hasHydrated(): boolean } }).persist;
  if (persist && !persist.hasHydrated()) return true;
  return config.state.current != null;
}

/** The connected account (thin over wagmi's useConnection). Use inside `WalletProvider`. */
export function useWalletAccount(): UseWalletAccountReturnType {
  const config = useConfig();
  const c = useConnection();
  const attempt = useStore(useWalletRuntime().connectAttempt, (s) => s.status);
  const persisted = hasPersistedConnection(config);
  let status: WalletAccountStatus = c.status;
  // Before wagmi's reconnect has started (first render after a reload), a persisted connection is still pending:
  // report it as reconnecting so the UI never flashes "disconnected".
  if (c.status === "disconnected" && persisted) status = "reconnecting";
  // wagmi's mount-time reconnect says "connecting" even when there is nothing to restore: that is disconnected.
  if (c.status === "connecting" && !persisted && attempt !== "connecting") status = "disconnected";
  return {
    address: status === "connected" ? c.address : undefined,
    chainId: c.chainId,
    status,
    isConnected: status === "connected",
    isConnecting: status === "connecting" || status === "reconnecting",
  };
}
