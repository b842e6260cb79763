import { createStore } from "../../core/createStore.js";
import type { WalletCore } from "../../core/createWalletCore.js";
import { loadOnce } from "../../core/loadOnce.js";
import type { CaipNetwork } from "../../core/network.js";
import type { AnyLazyChainFamily, ChainFamily, FamilyConnectorItem, LazyChainFamily } from "./types.js";

export type CreateLazyChainFamilyParameters<TFamily extends ChainFamily, TConfig> = {
  core: WalletCore;
  namespace: TFamily["namespace"];
  config: TConfig;
  networks: CaipNetwork[];
  ownsConnector(connectorId: string): boolean;
  /** Builds the family (its code is a separate chunk: imported here, on first use). */
  create(lazy: LazyChainFamily<TFamily, TConfig>): Promise<TFamily>;
};

/**
 * A chain family held by the runtime before its code has loaded. Its connection is not restored by wagmi: the family
 * starts disconnected (not "connecting") and restores its last wallet silently once the wallet has registered.
 */
export function createLazyChainFamily<TFamily extends ChainFamily, TConfig>(
  p: CreateLazyChainFamilyParameters<TFamily, TConfig>,
): LazyChainFamily<TFamily, TConfig> {
  const lazy: LazyChainFamily<TFamily, TConfig> = {
    namespace: p.namespace,
    config: p.config,
    networks: p.networks,
    connectors: createStore<{ list: FamilyConnectorItem<TFamily["namespace"]>[] }>({ list: [] }),
    ownsConnector: p.ownsConnector,
    load: loadOnce(() => p.create(lazy)),
  };
  if (p.core.state.chain(p.namespace).account.status === "connecting")
    p.core.state.setAccount(p.namespace, { status: "disconnected" });
  return lazy;
}

/**
 * Loads each family and starts watching its wallets (a family that fails to load is logged, the others go on).
 * Returns the cleanup, which also stops a watch that would start after it.
 */
export function watchChainFamilies(families: readonly AnyLazyChainFamily[]): () => void {
  let stopped = false;
  const stops: (() => void)[] = [];
  for (const family of families) {
    void family
      .load()
      .then((loaded) => {
        if (!stopped) stops.push(loaded.watch());
      })
      .catch((error) => console.warn(`[wallet] the ${familyLabel(family.namespace)} family did not load`, error));
  }
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}

/** The family's name in a log line (as the log lines always read). */
function familyLabel(namespace: string): string {
  return namespace === "solana" ? "Solana" : namespace === "bip122" ? "bitcoin" : namespace;
}
