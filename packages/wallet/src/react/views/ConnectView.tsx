import { useMemo } from "react";
import { getFeaturedWallets } from "../../connectors/getWallets.js";
import { createStore } from "../../core/createStore.js";
import type { BitcoinConnectorItem } from "../../features/bitcoin/types.js";
import { EmbeddedLoginSection } from "../../features/embedded/EmbeddedLoginSection.js";
import { EMBEDDED_CONNECTOR_TYPE } from "../../features/embedded/types.js";
import type { SolanaConnectorItem } from "../../features/solana/types.js";
import { ListItemButton } from "../components/ListItemButton.js";
import { ListNav } from "../components/ListNav.js";
import { useWalletRuntime } from "../context.js";
import { useDirectoryWalletAction } from "../hooks/useDirectoryWalletAction.js";
import { useStore } from "../hooks/useStore.js";
import { useWalletConnectors } from "../hooks/useWalletConnectors.js";

/** Without the `solana` config there are no Solana wallets to list. */
const NO_SOLANA_CONNECTORS = createStore<{ list: SolanaConnectorItem[] }>({ list: [] });
/** Without the `bitcoin` config there are no bitcoin wallets to list. */
const NO_BITCOIN_CONNECTORS = createStore<{ list: BitcoinConnectorItem[] }>({ list: [] });

/**
 * Choose a wallet: the embedded wallet's logins (when configured), installed (EIP-6963) wallets, the dev accounts on
 * the local chain, featured wallets.
 */
export function ConnectView() {
  const runtime = useWalletRuntime();
  // The embedded wallet (type AUTH) has its own section: email, social accounts, Farcaster.
  const allConnectors = useWalletConnectors();
  const connectors = useMemo(
    () => allConnectors.filter((c) => c.connector.type !== EMBEDDED_CONNECTOR_TYPE),
    [allConnectors],
  );
  const action = useDirectoryWalletAction();
  // Solana wallets found through the Wallet Standard (only with the `solana` config).
  const solanaConnectors = useStore(runtime.solana?.connectors ?? NO_SOLANA_CONNECTORS, (s) => s.list);
  // Bitcoin wallets found through the Wallet Standard (only with the `bitcoin` config).
  const bitcoinConnectors = useStore(runtime.bitcoin?.connectors ?? NO_BITCOIN_CONNECTORS, (s) => s.list);
  const featured = useMemo(
    () =>
      getFeaturedWallets({
        announcedRdns: connectors.map((c) => c.rdns).filter((r): r is string => Boolean(r)),
      }).filter((w) => !connectors.some((c) => c.rdns && c.rdns === w.rdns)),
    [connectors],
  );
  return (
    <div className="fw-stack">
      <EmbeddedLoginSection />
      <ListNav label="Wallets">
        {connectors.map((c) => (
          <ListItemButton
            key={c.connector.uid}
            name={c.name}
            icon={c.icon}
            tag={c.tag}
            onClick={() => void runtime.connect(c.id)}
          />
        ))}
        {solanaConnectors.map((c) => (
          <ListItemButton
            key={c.id}
            name={c.name}
            icon={c.imageUrl}
            tag="Solana"
            onClick={() => void runtime.connect(c.id)}
          />
        ))}
        {bitcoinConnectors.map((c) => (
          <ListItemButton
            key={c.id}
            name={c.name}
            icon={c.imageUrl}
            tag="Bitcoin"
            onClick={() => void runtime.connect(c.id)}
          />
        ))}
        {featured.map((w) => {
          const a = action(w);
          return (
            <ListItemButton key={w.id} name={w.name} icon={w.image_url} tag={a.tag} onClick={a.onClick} href={a.href} />
          );
        })}
        <ListItemButton name="All Wallets" onClick={() => runtime.core.router.push("AllWallets")} />
      </ListNav>
      {connectors.length === 0 && solanaConnectors.length === 0 && bitcoinConnectors.length === 0 ? (
        <p className="fw-muted">No wallet found in this browser. Install one of the wallets above, then reload.</p>
      ) : null}
    </div>
  );
}
