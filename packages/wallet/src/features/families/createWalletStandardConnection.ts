import { getWallets } from "@wallet-standard/app";
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import type { Store } from "../../core/createStore.js";
import type { WalletCore } from "../../core/createWalletCore.js";
import type { CaipNetwork } from "../../core/network.js";
import type { FamilyConnectOptions, FamilyConnectorItem } from "./types.js";

const DISCONNECT = "standard:disconnect";
const EVENTS = "standard:events";

type DisconnectFeature = { disconnect(): Promise<void> };
type EventsFeature = {
  on(event: "change", listener: (p: { accounts?: readonly WalletAccount[] }) => void): () => void;
};

export type CreateWalletStandardConnectionParameters<TNamespace extends "solana" | "bip122"> = {
  core: WalletCore;
  namespace: TNamespace;
  /** localStorage key of the wallet connected last (its connection is restored silently after a reload). */
  storageKey: string;
  /** The family's usable wallets among those registered (`getWallets()`), plus any of the page's own. */
  usable(registered: readonly Wallet[]): Wallet[];
  connectorId(wallet: Pick<Wallet, "name">): string;
  toConnector(wallet: Wallet): FamilyConnectorItem<TNamespace>;
  /** The runtime's store of the family's wallets (the Connect view lists it). */
  connectors: Store<{ list: FamilyConnectorItem<TNamespace>[] }>;
  /** Whether a restored wallet makes the family the active one (no other family connected or being restored). */
  activateOnRestore(): boolean;
  /** The family's connect, used to restore the last wallet. */
  restore(connectorId: string, options: FamilyConnectOptions): Promise<void>;
  /** The account to follow after the wallet's accounts changed; none: the wallet has disconnected the page. */
  nextAccount(accounts: readonly WalletAccount[]): WalletAccount | undefined;
  /** Shows an account of the wallet as the family's account in the core. */
  showAccount(wallet: Wallet, account: WalletAccount): void;
  /** The family's name in log lines. */
  label: string;
};

/** The Wallet Standard side of a family: discovery, the connected wallet, its restore after a reload, disconnect. */
export type WalletStandardConnection<TNamespace extends "solana" | "bip122"> = {
  /** The connected wallet and account. */
  current(): { wallet: Wallet; account: WalletAccount } | undefined;
  connectors(): FamilyConnectorItem<TNamespace>[];
  /** The wallet of a connector id; finding it means a connect starts, so the pending restore is dropped. */
  find(connectorId: string): Wallet | undefined;
  /** Starts watching wallets register and unregister (and restores the last one once it has). Returns the cleanup. */
  watch(): () => void;
  /**
   * Records a connect: follows the wallet's account changes, remembers the wallet for the next visit and shows the
   * account on `network`, made the active one unless `activate` is false (then only the family's own state changes).
   */
  connected(
    p: { wallet: Wallet; account: WalletAccount; connectorId: string; network: CaipNetwork } & FamilyConnectOptions,
  ): void;
  /** Forgets the wallet (here and for the next visit) and asks it to disconnect when it can. */
  disconnect(): Promise<void>;
};

function storage(): Pick<Storage, "getItem" | "setItem" | "removeItem"> | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * What the Solana and bitcoin families share: both find their wallets through the Wallet Standard, keep one connected
 * wallet, restore it silently after a reload and follow its account changes. The family keeps what differs: how a
 * wallet connects, which account counts, and what it can do once connected.
 */
export function createWalletStandardConnection<TNamespace extends "solana" | "bip122">(
  p: CreateWalletStandardConnectionParameters<TNamespace>,
): WalletStandardConnection<TNamespace> {
  const { core, namespace } = p;
  const wallets = getWallets();
  let connected: { wallet: Wallet; account: WalletAccount; off: () => void } | undefined;
  const usable = () => p.usable(wallets.get());
  // The wallet connected last visit: restored silently once it has registered (and only once).
  let toRestore = storage()?.getItem(p.storageKey) ?? undefined;

  const refresh = () => {
    p.connectors.setState({ list: usable().map(p.toConnector) });
    const id = toRestore;
    if (!id || connected || !usable().some((w) => p.connectorId(w) === id)) return;
    toRestore = undefined;
    p.restore(id, { silent: true, activate: p.activateOnRestore() }).catch((error) => {
      storage()?.removeItem(p.storageKey);
      console.warn(`[wallet] the ${p.label} wallet was not reconnected`, error);
    });
  };

  /** Follows the wallet's account changes: the next account, or none (the family's account is reset). */
  const follow = (wallet: Wallet) =>
    (wallet.features[EVENTS] as EventsFeature | undefined)?.on("change", ({ accounts: next }) => {
      if (!next || !connected || connected.wallet !== wallet) return;
      const nextAccount = p.nextAccount(next);
      if (!nextAccount) {
        connected.off();
        connected = undefined;
        core.state.resetAccount(namespace);
        return;
      }
      connected.account = nextAccount;
      p.showAccount(wallet, nextAccount);
    }) ?? (() => undefined);

  return {
    current: () => connected,
    connectors: () => usable().map(p.toConnector),
    find(connectorId) {
      const wallet = usable().find((w) => p.connectorId(w) === connectorId);
      if (wallet) toRestore = undefined;
      return wallet;
    },
    watch() {
      refresh();
      const offs = [wallets.on("register", refresh), wallets.on("unregister", refresh)];
      return () => {
        for (const off of offs) off();
      };
    },
    connected({ wallet, account, connectorId, network, activate }) {
      connected?.off();
      connected = { wallet, account, off: follow(wallet) };
      storage()?.setItem(p.storageKey, connectorId);
      if (activate === false) {
        // The family's network and account, without making the family the active one.
        const current = core.state.chain(namespace);
        core.state.setState((s) => ({
          chains: { ...s.chains, [namespace]: { ...current, network: { ...current.network, activeNetwork: network } } },
        }));
        p.showAccount(wallet, account);
        return;
      }
      core.state.setActiveNetwork(network);
      p.showAccount(wallet, account);
      core.onNetworkChanged(network);
    },
    async disconnect() {
      const current = connected;
      connected = undefined;
      toRestore = undefined;
      storage()?.removeItem(p.storageKey);
      current?.off();
      const feature = current?.wallet.features[DISCONNECT] as DisconnectFeature | undefined;
      await feature?.disconnect();
    },
  };
}
