import type { Address } from "viem";
import { useConfig, useConnection } from "wagmi";
import type { ChainNamespace } from "../../core/caip.js";
import type { AccountState, WalletState } from "../../core/createWalletState.js";
import { hasPersistedConnection } from "../../runtime/persistedConnection.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "./useStore.js";

export type WalletAccountStatus = "disconnected" | "connecting" | "reconnecting" | "connected";

export type UseWalletAccountReturnType = {
  /** The chain family this account belongs to (one account per family). */
  namespace: ChainNamespace;
  address: Address | undefined;
  chainId: number | undefined;
  /** `reconnecting` while a connection from the last visit is restored: show it as connecting, not disconnected. */
  status: WalletAccountStatus;
  isConnected: boolean;
  /** Connecting or reconnecting. */
  isConnecting: boolean;
};

export type UseWalletAccountParameters = {
  /**
   * The family whose account to read. Default: the active family (the one whose network is active). `eip155` reads the
   * EVM account whichever family is active: an app that acts on EVM only reads this.
   */
  namespace?: ChainNamespace | undefined;
};

/**
 * The account of a chain family: the active one by default (`namespace` picks another). The EVM account is wagmi's
 * (thin over `useConnection`); Solana's and bitcoin's come from the core state. Use inside `WalletProvider`.
 */
export function useWalletAccount(parameters: UseWalletAccountParameters = {}): UseWalletAccountReturnType {
  const runtime = useWalletRuntime();
  const active = useStore(runtime.core.state, selectActiveChain);
  // (Selectors that do not depend on the render: the store's cache keeps one slice per state, not per selector.)
  const chains = useStore(runtime.core.state, selectChains);
  const namespace = parameters.namespace ?? active;
  const evm = useEvmConnection();
  // wagmi knows only EVM: another family's account is the core state's.
  return namespace === "eip155" ? evm : familyAccount(namespace, chains[namespace]?.account);
}

const selectActiveChain = (s: WalletState) => s.activeChain;
const selectChains = (s: WalletState) => s.chains;

/** The EVM account, whichever family is active (`useWalletAccount({ namespace: "eip155" })`). */
export function useEvmAccount(): UseWalletAccountReturnType {
  return useWalletAccount({ namespace: "eip155" });
}

/** A Wallet Standard family's account as the hook returns it. */
function familyAccount(namespace: ChainNamespace, account: AccountState | undefined): UseWalletAccountReturnType {
  const connected = account?.status === "connected" && Boolean(account.address);
  const connecting = account?.status === "connecting";
  return {
    namespace,
    address: connected ? (account?.address as Address) : undefined,
    chainId: undefined,
    status: connected ? "connected" : connecting ? "connecting" : "disconnected",
    isConnected: connected,
    isConnecting: connecting,
  };
}

/** wagmi's connection, with the restore of a persisted connection reported as `reconnecting`. */
function useEvmConnection(): UseWalletAccountReturnType {
  const config = useConfig();
  const c = useConnection();
  const runtime = useWalletRuntime();
  const attempt = useStore(runtime.connectAttempt, (s) => s.status);
  const persisted = hasPersistedConnection(config);
  let status: WalletAccountStatus = c.status;
  // Before wagmi's reconnect has started (first render after a reload), a persisted connection is still pending:
  // report it as reconnecting so the UI never flashes "disconnected".
  if (c.status === "disconnected" && persisted) status = "reconnecting";
  // wagmi's mount-time reconnect says "connecting" even when there is nothing to restore: that is disconnected.
  if (c.status === "connecting" && !persisted && attempt !== "connecting") status = "disconnected";
  return {
    namespace: "eip155",
    address: status === "connected" ? c.address : undefined,
    chainId: c.chainId,
    status,
    isConnected: status === "connected",
    isConnecting: status === "connecting" || status === "reconnecting",
  };
}
