import { useMemo } from "react";
import { getFeaturedWallets } from "../../connectors/getWallets.js";
import type { ChainNamespace } from "../../core/caip.js";
import { createStore } from "../../core/createStore.js";
import type { BitcoinConnectorItem } from "../../features/bitcoin/types.js";
import { EMBEDDED_CONNECTOR_TYPE } from "../../features/embedded/types.js";
import type { SolanaConnectorItem } from "../../features/solana/types.js";
import { ListItemButton } from "../components/ListItemButton.js";
import { ListNav } from "../components/ListNav.js";
import { NoWalletFound } from "../components/NoFamilyAccount.js";
import { useWalletRuntime } from "../context.js";
import { useDirectoryWalletAction } from "../hooks/useDirectoryWalletAction.js";
import { useStore } from "../hooks/useStore.js";
import { useWalletConnectors } from "../hooks/useWalletConnectors.js";
import { EmbeddedLoginSection } from "./embedded/EmbeddedLoginSection.js";

/** Without the `solana` config there are no Solana wallets to list. */
const NO_SOLANA_CONNECTORS = createStore<{ list: SolanaConnectorItem[] }>({ list: [] });
/** Without the `bitcoin` config there are no bitcoin wallets to list. */
const NO_BITCOIN_CONNECTORS = createStore<{ list: BitcoinConnectorItem[] }>({ list: [] });

/** The family the Connect view was opened for (`{ namespace: "solana" }`): only its wallets are offered. */
export function connectNamespace(data: Record<string, unknown> | undefined): ChainNamespace | undefined {
  const namespace = data?.namespace;
  return namespace === "eip155" || namespace === "solana" || namespace === "bip122" ? namespace : undefined;
}

/**
 * Choose a wallet: the embedded wallet's logins (when configured), installed (EIP-6963) wallets, the dev accounts on
 * the local chain, Solana and bitcoin (Wallet Standard) wallets, featured wallets. Opened for one family
 * (`data.namespace`), it offers that family's wallets only, and says when there is none ('No Solana wallet found').
 */
export function ConnectView() {
  const runtime = useWalletRuntime();
  const only = connectNamespace(useStore(runtime.core.router, (s) => s.data));
  // Solana wallets found through the Wallet Standard (only with the `solana` config).
  const solana = useStore(runtime.solana?.connectors ?? NO_SOLANA_CONNECTORS, (s) => s.list);
  // Bitcoin wallets found through the Wallet Standard (only with the `bitcoin` config).
  const bitcoin = useStore(runtime.bitcoin?.connectors ?? NO_BITCOIN_CONNECTORS, (s) => s.list);
  const evm = !only || only === "eip155";
  const shownSolana = !only || only === "solana" ? solana : [];
  const shownBitcoin = !only || only === "bip122" ? bitcoin : [];
  const noFamilyWallet = (only === "solana" || only === "bip122") && shownSolana.length + shownBitcoin.length === 0;
  return (
    <div className="fw-stack">
      {evm ? <EmbeddedLoginSection /> : null}
      {noFamilyWallet && only ? <NoWalletFound namespace={only} /> : null}
      <ListNav label="Wallets">
        {evm ? <EvmWalletItems /> : null}
        <FamilyWalletItems items={shownSolana} tag="Solana" />
        <FamilyWalletItems items={shownBitcoin} tag="Bitcoin" />
        {evm ? <FeaturedWalletItems /> : null}
      </ListNav>
      {!only ? <NoWalletHint solana={solana.length} bitcoin={bitcoin.length} /> : null}
    </div>
  );
}

/** The EVM connectors (wagmi's), without the embedded wallet: it has its own section. */
function useEvmConnectors() {
  const all = useWalletConnectors();
  return useMemo(() => all.filter((c) => c.connector.type !== EMBEDDED_CONNECTOR_TYPE), [all]);
}

/** Installed (EIP-6963) wallets, the dev accounts on the local chain, WalletConnect and the like. */
function EvmWalletItems() {
  const runtime = useWalletRuntime();
  const connectors = useEvmConnectors();
  return connectors.map((c) => (
    <ListItemButton
      key={c.connector.uid}
      name={c.name}
      icon={c.icon}
      tag={c.tag}
      onClick={() => void runtime.connect(c.id)}
    />
  ));
}

/** Wallet Standard wallets of a family (Solana, bitcoin). */
function FamilyWalletItems({
  items,
  tag,
}: {
  items: readonly { id: string; name: string; imageUrl: string | undefined }[];
  tag: string;
}) {
  const runtime = useWalletRuntime();
  return items.map((c) => (
    <ListItemButton key={c.id} name={c.name} icon={c.imageUrl} tag={tag} onClick={() => void runtime.connect(c.id)} />
  ));
}

/** Featured wallets not installed here (install or pair them), then All Wallets. */
function FeaturedWalletItems() {
  const runtime = useWalletRuntime();
  const connectors = useEvmConnectors();
  const action = useDirectoryWalletAction();
  const featured = useMemo(
    () =>
      getFeaturedWallets({
        announcedRdns: connectors.map((c) => c.rdns).filter((r): r is string => Boolean(r)),
      }).filter((w) => !connectors.some((c) => c.rdns && c.rdns === w.rdns)),
    [connectors],
  );
  return (
    <>
      {featured.map((w) => {
        const a = action(w);
        return (
          <ListItemButton key={w.id} name={w.name} icon={w.image_url} tag={a.tag} onClick={a.onClick} href={a.href} />
        );
      })}
      <ListItemButton name="All Wallets" onClick={() => runtime.core.router.push("AllWallets")} />
    </>
  );
}

/** No wallet at all in this browser: install one of those listed. */
function NoWalletHint({ solana, bitcoin }: { solana: number; bitcoin: number }) {
  const connectors = useEvmConnectors();
  if (connectors.length + solana + bitcoin > 0) return null;
  return <p className="fw-muted">No wallet found in this browser. Install one of the wallets above, then reload.</p>;
}
