import { useState } from "react";
import type { CaipNetwork } from "../../core/network.js";
import { ListItemButton } from "../components/ListItemButton.js";
import { ListNav } from "../components/ListNav.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";

/** The requested networks; picking one asks the wallet to switch. */
export function NetworkList({ onSwitched }: { onSwitched?: (network: CaipNetwork) => void }) {
  const runtime = useWalletRuntime();
  const { core } = runtime;
  const active = useStore(core.state, () => core.state.activeNetwork());
  const connected = useStore(core.state, () => core.state.isConnected());
  const [pending, setPending] = useState<string | undefined>(undefined);
  return (
    <ListNav label="Networks">
      {runtime.networks.map((n) => {
        const isActive = connected && active?.caipNetworkId === n.caipNetworkId;
        return (
          <ListItemButton
            key={n.caipNetworkId}
            name={n.name}
            tag={pending === n.caipNetworkId ? "Switching…" : isActive ? "Active" : n.testnet ? "Testnet" : undefined}
            disabled={pending !== undefined}
            onClick={async () => {
              if (isActive) {
                onSwitched?.(n);
                return;
              }
              setPending(n.caipNetworkId);
              await runtime.switchNetwork(n);
              setPending(undefined);
              if (core.state.activeNetwork()?.caipNetworkId === n.caipNetworkId) onSwitched?.(n);
            }}
          />
        );
      })}
    </ListNav>
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
