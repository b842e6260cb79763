import type { ChainNamespace } from "../../core/caip.js";
import { shortenAddress } from "../../core/format.js";
import { namespaceName, noWalletConnected, noWalletFound, noWalletFoundHelp } from "../../core/messages.js";
import { useWalletRuntime } from "../context.js";
import { useConnectedAccounts } from "../hooks/useConnectedAccounts.js";
import { useStore } from "../hooks/useStore.js";
import { ListItemButton } from "./ListItemButton.js";
import { ListNav } from "./ListNav.js";

/**
 * The Account view of a family that has no account: 'No Solana wallet connected', the accounts of the other families
 * (still connected), 'Connect Solana Wallet' (the Connect view offering that family's wallets only) and the network
 * switch. With no account anywhere, the EVM view keeps its plain 'Not connected.' and 'Connect Wallet'.
 */
export function NoFamilyAccount({ namespace }: { namespace: ChainNamespace }) {
  const { core } = useWalletRuntime();
  const others = useConnectedAccounts().filter((a) => a.namespace !== namespace);
  const network = useStore(core.state, () => core.state.activeNetwork());
  if (namespace === "eip155" && others.length === 0) {
    return (
      <div className="fw-stack">
        <p className="fw-muted">Not connected.</p>
        <button type="button" className="fw-button" onClick={() => core.router.reset("Connect")}>
          Connect Wallet
        </button>
      </div>
    );
  }
  const name = namespaceName(namespace);
  return (
    <div className="fw-stack">
      <p className="fw-account-missing">{noWalletConnected(namespace)}</p>
      {others.map((a) => (
        <p key={a.namespace} className="fw-muted" title={a.address}>
          {`Your ${namespaceName(a.namespace)} account ${shortenAddress(a.address)} stays connected.`}
        </p>
      ))}
      <button type="button" className="fw-button" onClick={() => core.router.push("Connect", { namespace })}>
        {`Connect ${name} Wallet`}
      </button>
      <ListNav label="Account actions">
        <ListItemButton
          name={network ? network.name : "Network"}
          tag="Switch"
          onClick={() => core.router.push("Networks")}
        />
      </ListNav>
    </div>
  );
}

/** 'No Solana wallet found' and what to do (install one; locally, the dev accounts). */
export function NoWalletFound({ namespace }: { namespace: ChainNamespace }) {
  return (
    <div className="fw-notice" role="alert">
      <p className="fw-notice-title">{noWalletFound(namespace)}</p>
      <p className="fw-muted">{noWalletFoundHelp(namespace)}</p>
    </div>
  );
}
