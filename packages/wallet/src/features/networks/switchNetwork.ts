import type { WalletCore } from "../../core/createWalletCore.js";
import type { CaipNetwork } from "../../core/network.js";

export type SwitchNetworkParameters = {
  core: WalletCore;
  network: CaipNetwork;
  /** Asks the wallet to switch (for EVM: wagmi's switchChain). */
  switchChain: (network: CaipNetwork) => Promise<void>;
  /** The wallet's own chain list (CAIP-2 ids), when it tells one. */
  walletNetworkIds?: readonly string[] | undefined;
};

/**
 * Switches network. When the network in use is not in the wallet's own chain list, the modal goes back one view
 * before switching. The active network (and so the active chain family) follows; SWITCH_NETWORK is tracked.
 */
export async function switchNetwork(p: SwitchNetworkParameters): Promise<void> {
  const inUse = p.core.state.activeNetwork();
  if (p.walletNetworkIds && inUse && !p.walletNetworkIds.includes(inUse.caipNetworkId)) p.core.router.goBack();
  if (p.core.state.getState().activeChain !== p.network.chainNamespace)
    p.core.state.switchNamespace(p.network.chainNamespace);
  try {
    await p.switchChain(p.network);
  } catch (error) {
    p.core.triggerShake();
    throw error;
  }
  p.core.onNetworkChanged(p.network);
  p.core.bus.emit("SWITCH_NETWORK", { network: p.network.caipNetworkId });
}
