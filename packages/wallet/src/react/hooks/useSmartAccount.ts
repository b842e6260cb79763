import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { Address } from "viem";
import { useConfig } from "wagmi";
import { getClient } from "wagmi/actions";
import type { AccountType } from "../../core/createWalletState.js";
import { errorText } from "../../features/connect/errors.js";
import { getSmartAccount } from "../../features/smartAccount/getSmartAccount.js";
import { writePreferredAccountType } from "../../features/smartAccount/preferredAccountType.js";
import type { SmartAccountInfo } from "../../features/smartAccount/types.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "./useStore.js";
import { useWalletAccount } from "./useWalletAccount.js";

/** The query key of the connected owner's smart account: invalidate it after a user operation (it may deploy it). */
export const smartAccountQueryKey = (chainId?: number, owner?: Address) =>
  ["fundament.wallet", "smartAccount", ...(chainId === undefined ? [] : [chainId, owner])] as const;

/** Shown when the smart account cannot be used: EOA is the fallback on error (spec). */
export const smartAccountFallbackText = (reason: string) => `Smart account unavailable (${reason}). Using your wallet.`;

export type UseSmartAccountReturnType = {
  /** Whether smart accounts are configured on the connected chain. */
  available: boolean;
  /** The account type in use: the preference, or EOA where smart accounts are unavailable or failed. */
  accountType: AccountType;
  /** Chooses and persists the preferred account type. */
  setAccountType: (type: AccountType) => void;
  /** The owner's smart account (address, `smartAccountDeployed`), once read. */
  smartAccount: SmartAccountInfo | undefined;
  isLoading: boolean;
  error: string | undefined;
};

/**
 * The preferred account type (EOA or smart account, kept between visits) and the connected owner's smart account on
 * the active chain. When the smart account cannot be read (no factory on the chain, an RPC failure), the preference
 * falls back to EOA with a toast saying so.
 */
export function useSmartAccount(): UseSmartAccountReturnType {
  const runtime = useWalletRuntime();
  const { core } = runtime;
  const wagmiConfig = useConfig();
  const { address, chainId, isConnected } = useWalletAccount();
  const preferred = useStore(core.state, () => core.state.activeAccount().preferredAccountType);
  const chainConfig = chainId === undefined ? undefined : runtime.config.smartAccount?.chains[chainId];
  const available = Boolean(chainConfig);
  const query = useQuery<SmartAccountInfo>({
    queryKey: smartAccountQueryKey(chainId, address),
    enabled: available && isConnected && Boolean(address) && chainId !== undefined,
    retry: false,
    staleTime: 0,
    queryFn: async () => {
      if (!address || chainId === undefined) throw new Error("Not connected");
      const client = getClient(wagmiConfig, { chainId });
      if (!client) throw new Error(`No client for chain ${chainId}`);
      const info = await getSmartAccount(client, { owner: address, chainId, config: chainConfig });
      core.state.setAccount("eip155", {
        smartAccountDeployed: info.deployed,
        allAccounts: [
          { address, type: "eoa" },
          { address: info.address, type: "smartAccount" },
        ],
      });
      return info;
    },
  });
  const failed = query.isError;
  const error = failed ? errorText(query.error) : undefined;
  useEffect(() => {
    if (!failed || preferred !== "smartAccount") return;
    core.state.setAccount("eip155", { preferredAccountType: "eoa" });
    core.toasts.show(smartAccountFallbackText(error ?? "unknown error"), "error");
  }, [failed, preferred, error, core]);
  const setAccountType = useCallback(
    (type: AccountType) => {
      writePreferredAccountType(type);
      core.state.setAccount("eip155", { preferredAccountType: type });
    },
    [core],
  );
  return {
    available,
    accountType: available && !failed ? preferred : "eoa",
    setAccountType,
    smartAccount: query.data,
    isLoading: query.isLoading,
    error,
  };
}
