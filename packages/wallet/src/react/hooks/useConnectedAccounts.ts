import { useMemo } from "react";
import type { ChainNamespace } from "../../core/caip.js";
import type { ChainState, WalletState } from "../../core/createWalletState.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "./useStore.js";
import { useEvmAccount } from "./useWalletAccount.js";

/** A connected account of one chain family. */
export type ConnectedAccount = { namespace: ChainNamespace; address: string };

/** `solana:<address>|bip122:<address>`: a value the store selector can compare (a new array would always differ). */
function nonEvmAccountsKey(state: WalletState): string {
  return (Object.entries(state.chains) as [ChainNamespace, ChainState][])
    .filter(([namespace, c]) => namespace !== "eip155" && c.account.status === "connected" && c.account.address)
    .map(([namespace, c]) => `${namespace}:${c.account.address}`)
    .join("|");
}

/**
 * Every connected account, one per chain family (EVM first, as wagmi has it; then Solana, bitcoin from the core
 * state), whichever family is active.
 */
export function useConnectedAccounts(): ConnectedAccount[] {
  const { core } = useWalletRuntime();
  const evm = useEvmAccount();
  const key = useStore(core.state, nonEvmAccountsKey);
  return useMemo(() => {
    const others = key
      ? key.split("|").map((entry) => {
          const at = entry.indexOf(":");
          return { namespace: entry.slice(0, at) as ChainNamespace, address: entry.slice(at + 1) };
        })
      : [];
    return evm.isConnected && evm.address ? [{ namespace: "eip155", address: evm.address }, ...others] : others;
  }, [evm.isConnected, evm.address, key]);
}
