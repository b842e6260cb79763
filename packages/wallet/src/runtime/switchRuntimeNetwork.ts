import type { Config, Connector } from "wagmi";
import { getConnection, switchChain } from "wagmi/actions";
import type { ChainNamespace } from "../core/caip.js";
import type { WalletCore } from "../core/createWalletCore.js";
import { isUserRejection } from "../core/errors.js";
import type { CaipNetwork } from "../core/network.js";
import { errorText, SWITCH_DECLINED } from "../features/connect/errors.js";
import { switchNetwork } from "../features/networks/switchNetwork.js";

/**
 * What a network switch came to: `switched`; `noWallet` (a Solana or bitcoin network, no account of that family and no
 * wallet of it in this browser: nothing changed); `failed` (refused or failed: toasted, nothing changed).
 */
export type NetworkSwitchOutcome = "switched" | "noWallet" | "failed";

export type SwitchRuntimeNetworkParameters = {
  core: WalletCore;
  wagmiConfig: Config;
  network: CaipNetwork;
  /** How many wallets of a Wallet Standard family (Solana, bitcoin) this browser offers (0 when not configured). */
  familyWallets(namespace: ChainNamespace): Promise<number>;
};

/** Whether the family's networks are Wallet Standard ones: the wallet has no network switch, the layer's state does. */
function isWalletStandardFamily(namespace: ChainNamespace): boolean {
  return namespace === "solana" || namespace === "bip122";
}

/** A Wallet Standard family can be made active when it has an account, or a wallet to connect one with. */
async function familyUsable(p: SwitchRuntimeNetworkParameters, namespace: ChainNamespace): Promise<boolean> {
  if (p.core.state.chain(namespace).account.status === "connected") return true;
  return (await p.familyWallets(namespace)) > 0;
}

/**
 * Switches the active network. Solana and bitcoin networks change the layer's active family only (the other families'
 * accounts stay connected), and only when that family can be used: else `noWallet`, and nothing changes. EVM networks
 * ask the wallet (wagmi's switchChain); a refusal toasts 'Network switch declined'.
 */
export async function switchRuntimeNetwork(p: SwitchRuntimeNetworkParameters): Promise<NetworkSwitchOutcome> {
  const { core, network } = p;
  const namespace = network.chainNamespace;
  core.setLoading(namespace, true);
  try {
    if (isWalletStandardFamily(namespace)) {
      if (!(await familyUsable(p, namespace))) return "noWallet";
      await switchNetwork({ core, network, switchChain: async () => undefined });
      return "switched";
    }
    await switchNetwork({
      core,
      network,
      walletNetworkIds: await getWalletNetworkIds(getConnection(p.wagmiConfig).connector),
      switchChain: async (n) => {
        await switchChain(p.wagmiConfig, { chainId: Number(n.id) });
      },
    });
    return "switched";
  } catch (error) {
    core.toasts.show(isUserRejection(error) ? SWITCH_DECLINED : errorText(error), "error");
    return "failed";
  } finally {
    core.setLoading(namespace, false);
  }
}

/**
 * The wallet's own chain list (CAIP-2), when the wallet tells one: the WalletConnect session's approved chains, the
 * dev accounts' local chain. Undefined for injected wallets (they do not say).
 */
export async function getWalletNetworkIds(connector: Connector | undefined): Promise<string[] | undefined> {
  if (!connector) return undefined;
  if (connector.type === "devAccounts") return ["eip155:31337"];
  if (connector.type !== "walletConnect") return undefined;
  const provider = (await connector.getProvider().catch(() => undefined)) as
    | { session?: { namespaces?: Record<string, { chains?: string[] }> } }
    | undefined;
  return provider?.session?.namespaces?.eip155?.chains;
}
