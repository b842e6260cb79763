import { useState } from "react";
import type { ChainNamespace } from "../../core/caip.js";
import type { CaipNetwork } from "../../core/network.js";
import { ListItemButton } from "../components/ListItemButton.js";
import { ListNav } from "../components/ListNav.js";
import { NoWalletFound } from "../components/NoFamilyAccount.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";

/**
 * The requested networks; picking one asks the wallet to switch. A Solana or bitcoin network with no wallet of its
 * family in this browser says 'No Solana wallet found' (and what to do) and changes nothing.
 */
export function NetworkList({ onSwitched }: { onSwitched?: (network: CaipNetwork) => void }) {
  const runtime = useWalletRuntime();
  const { core } = runtime;
  const active = useStore(core.state, () => core.state.activeNetwork());
  // An account in any family: the active network is the one in use (even when its family has no account yet).
  const connected = useStore(core.state, () => core.state.connectedNamespaces().length > 0);
  const [pending, setPending] = useState<string | undefined>(undefined);
  const [noWallet, setNoWallet] = useState<ChainNamespace | undefined>(undefined);
  const choose = async (n: CaipNetwork, isActive: boolean) => {
    setNoWallet(undefined);
    if (isActive) {
      onSwitched?.(n);
      return;
    }
    setPending(n.caipNetworkId);
    const outcome = await runtime.switchNetwork(n);
    setPending(undefined);
    if (outcome === "noWallet") setNoWallet(n.chainNamespace);
    else if (core.state.activeNetwork()?.caipNetworkId === n.caipNetworkId) onSwitched?.(n);
  };
  return (
    <>
      {noWallet ? <NoWalletFound namespace={noWallet} /> : null}
      <ListNav label="Networks">
        {runtime.networks.map((n) => {
          const isActive = connected && active?.caipNetworkId === n.caipNetworkId;
          return (
            <ListItemButton
              key={n.caipNetworkId}
              name={n.name}
              tag={pending === n.caipNetworkId ? "Switching…" : isActive ? "Active" : n.testnet ? "Testnet" : undefined}
              disabled={pending !== undefined}
              onClick={() => void choose(n, isActive)}
            />
          );
        })}
      </ListNav>
    </>
  );
}

/** Choose a network. */
export function NetworksView() {
  const { core } = useWalletRuntime();
  return (
    <div className="fw-stack">
      <NetworkList
        onSwitched={() => {
          if (core.router.getState().view === "Networks") core.router.goBack();
        }}
      />
    </div>
  );
}
