import { getWalletLink } from "../../connectors/getWallets.js";
import type { DirectoryWallet } from "../../connectors/walletDirectory.js";
import { useWalletRuntime } from "../context.js";
import { useIsMobile } from "./useIsMobile.js";
import { useWalletConnectors } from "./useWalletConnectors.js";

export type DirectoryWalletAction = { tag: string; onClick?: () => void; href?: string };

/**
 * What picking a directory wallet does: connect it when it is installed (announced through EIP-6963); else pair it
 * through WalletConnect when configured; else link to its install page.
 */
export function useDirectoryWalletAction(): (wallet: DirectoryWallet) => DirectoryWalletAction {
  const runtime = useWalletRuntime();
  const connectors = useWalletConnectors();
  const isMobile = useIsMobile();
  const walletConnect = connectors.find((c) => c.connector.type === "walletConnect");
  return (wallet) => {
    const installed = connectors.find((c) => c.rdns && c.rdns === wallet.rdns);
    if (installed) return { tag: "Installed", onClick: () => void runtime.connect(installed.id) };
    if (walletConnect && (wallet.mobile_link || wallet.desktop_link))
      return { tag: "QR code", onClick: () => void runtime.connect(walletConnect.id, { walletId: wallet.id }) };
    return { tag: "Install", href: getWalletLink(wallet, { isMobile }) };
  };
}
