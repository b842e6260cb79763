import { useMemo } from "react";
import type { Connector } from "wagmi";
import { useConnectors } from "wagmi";
import { getRecentWallets } from "../../connectors/recentWallets.js";

export type WalletConnectorItem = {
  id: string;
  name: string;
  icon: string | undefined;
  rdns: string | undefined;
  /** "Recent", "Installed", "QR code", "Local chain". */
  tag: string | undefined;
  connector: Connector;
};

function rdnsOf(connector: Connector): string | undefined {
  return typeof connector.rdns === "string" ? connector.rdns : connector.rdns?.[0];
}

/**
 * The connectors a person can pick in the Connect view: wallets announced through EIP-6963, the dev accounts on
 * the local chain, WalletConnect / Coinbase / Safe when configured, and the generic injected wallet only when one
 * exists and nothing announced itself. Recently used ones (2) come first.
 */
export function useWalletConnectors(): WalletConnectorItem[] {
  const connectors = useConnectors();
  return useMemo(() => {
    const announced = connectors.filter((c) => c.type === "injected" && c.id !== "injected");
    const hasWindowEthereum =
      typeof window !== "undefined" && Boolean((window as { ethereum?: unknown }).ethereum) && announced.length === 0;
    const recent = getRecentWallets();
    const items = connectors
      .filter((c) => c.id !== "injected" || hasWindowEthereum)
      .map<WalletConnectorItem>((c) => {
        const rdns = rdnsOf(c);
        let tag: string | undefined;
        if (recent.includes(c.id)) tag = "Recent";
        else if (c.type === "walletConnect") tag = "QR code";
        else if (c.type === "devAccounts") tag = "Local chain";
        else if (c.type === "injected") tag = "Installed";
        return {
          id: c.id,
          name: c.type === "walletConnect" ? "WalletConnect" : c.name,
          icon: c.icon,
          rdns,
          tag,
          connector: c,
        };
      });
    const rank = (item: WalletConnectorItem) => {
      const r = recent.indexOf(item.id);
      return r >= 0 ? r : recent.length + (item.connector.type === "walletConnect" ? 1 : 0);
    };
    return items
      .map((item, index) => ({ item, index }))
      .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
      .map((x) => x.item);
  }, [connectors]);
}
