import type { Address } from "viem";
import { useConfig, useConnection } from "wagmi";
import { useWalletRuntime } from "../context.js";
import { hasPersistedConnection } from "../persistedConnection.js";
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

/** The connected account (thin over wagmi's useConnection). Use inside `WalletProvider`. */
export function useWalletAccount(): UseWalletAccountReturnType {
  const config = useConfig();
  const c = useConnection();
  const runtime = useWalletRuntime();
  const attempt = useStore(runtime.connectAttempt, (s) => s.status);
  // The Solana family is active: its account (from the core state; wagmi knows only EVM).
  const solana = useStore(runtime.core.state, (s) =>
    s.activeChain === "solana" || s.activeChain === "bip122" ? s.chains[s.activeChain]?.account : undefined,
  );
  const persisted = hasPersistedConnection(config);
  if (solana) {
    const connected = solana.status === "connected" && Boolean(solana.address);
    return {
      address: connected ? (solana.address as Address) : undefined,
      chainId: undefined,
      status: connected ? "connected" : solana.status === "connecting" ? "connecting" : "disconnected",
      isConnected: connected,
      isConnecting: solana.status === "connecting",
    };
  }
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
