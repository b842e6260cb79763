import { type CaipAddress, type ChainNamespace, toCaipAddress } from "./caip.js";
import { createStore, type Store } from "./createStore.js";
import type { CaipNetwork } from "./network.js";

export type ConnectionStatus = "disconnected" | "connecting" | "connected";
/** Account types (spec section 3): eoa, smartAccount; bitcoin: payment. */
export type AccountType = "eoa" | "smartAccount" | "payment";

export type TokenBalance = {
  name: string;
  symbol: string;
  chainId: string;
  /** Absent for the native token; otherwise `chain:address`. */
  address?: string | undefined;
  value: number;
  price: number;
  quantity: { decimals: string; numeric: string };
  iconUrl: string;
};

export type ConnectedWalletInfo = { name: string; icon?: string | undefined; rdns?: string | undefined; id?: string };

/** Account state per chain family (spec section 3; the fields this layer uses). */
export type AccountState = {
  status: ConnectionStatus;
  address: string | undefined;
  caipAddress: CaipAddress | undefined;
  balance: string | undefined;
  balanceSymbol: string | undefined;
  profileName: string | undefined;
  profileImage: string | undefined;
  addressExplorerUrl: string | undefined;
  smartAccountDeployed: boolean;
  preferredAccountType: AccountType;
  tokenBalance: TokenBalance[];
  allAccounts: { address: string; type: AccountType }[];
  connectedWalletInfo: ConnectedWalletInfo | undefined;
};

/** Network state per chain family. */
export type NetworkState = {
  activeNetwork: CaipNetwork | undefined;
  requestedNetworks: CaipNetwork[];
  approvedNetworkIds: (string | number)[];
  supportsAllNetworks: boolean;
};

export type ChainState = { account: AccountState; network: NetworkState };

export type WalletState = {
  chains: Partial<Record<ChainNamespace, ChainState>>;
  activeChain: ChainNamespace;
  isSwitchingNamespace: boolean;
  noAdapters: boolean;
};

export function emptyAccount(status: ConnectionStatus = "disconnected"): AccountState {
  return {
    status,
    address: undefined,
    caipAddress: undefined,
    balance: undefined,
    balanceSymbol: undefined,
    profileName: undefined,
    profileImage: undefined,
    addressExplorerUrl: undefined,
    smartAccountDeployed: false,
    preferredAccountType: "eoa",
    tokenBalance: [],
    allAccounts: [],
    connectedWalletInfo: undefined,
  };
}

/** The CAIP-10 address of an account on a network: `<caipNetworkId>:<address>` (e.g. `solana:<genesis32>:<address>`). */
export function networkCaipAddress(network: CaipNetwork, address: string): CaipAddress {
  return network.caipNetworkId.includes(":")
    ? (`${network.caipNetworkId}:${address}` as CaipAddress)
    : toCaipAddress(network.chainNamespace, network.id, address);
}

export type CreateWalletStateParameters = {
  networks: readonly CaipNetwork[];
  /** A previous connection is being restored: start as `connecting`, never `disconnected`, so the UI does not flicker. */
  reconnecting?: boolean | undefined;
  noAdapters?: boolean | undefined;
};

export type WalletStateStore = Store<WalletState> & {
  chain(namespace?: ChainNamespace): ChainState;
  setAccount(namespace: ChainNamespace, patch: Partial<AccountState>): void;
  /** Sets the connected address; derives the CAIP address from the family's active network. */
  setConnected(namespace: ChainNamespace, address: string, info?: ConnectedWalletInfo): void;
  /** Per-chain reset: account back to disconnected, network back to the first requested network. */
  resetAccount(namespace: ChainNamespace): void;
  /** Sets the active network; the active chain family follows it. */
  setActiveNetwork(network: CaipNetwork): void;
  setApprovedNetworkIds(namespace: ChainNamespace, ids: (string | number)[]): void;
  /** Starts switching to another family (sets the switching flag until its network is set). */
  switchNamespace(namespace: ChainNamespace): void;
  removeNamespace(namespace: ChainNamespace): void;
  removeNetwork(network: CaipNetwork): void;
  activeAccount(): AccountState;
  activeNetwork(): CaipNetwork | undefined;
  isConnected(): boolean;
  /** The families with a connected account (one account per family), whichever family is active. */
  connectedNamespaces(): ChainNamespace[];
};

export function createWalletState(parameters: CreateWalletStateParameters): WalletStateStore {
  const chains: Partial<Record<ChainNamespace, ChainState>> = {};
  for (const network of parameters.networks) {
    const existing = chains[network.chainNamespace];
    if (existing) existing.network.requestedNetworks.push(network);
    else
      chains[network.chainNamespace] = {
        account: emptyAccount(parameters.reconnecting ? "connecting" : "disconnected"),
        network: {
          activeNetwork: network,
          requestedNetworks: [network],
          approvedNetworkIds: [],
          supportsAllNetworks: true,
        },
      };
  }
  const first = parameters.networks[0];
  const store = createStore<WalletState>({
    chains,
    activeChain: first?.chainNamespace ?? "eip155",
    isSwitchingNamespace: false,
    noAdapters: parameters.noAdapters ?? false,
  });

  const chain = (namespace: ChainNamespace = store.getState().activeChain): ChainState => {
    const found = store.getState().chains[namespace];
    if (found) return found;
    return {
      account: emptyAccount(),
      network: { activeNetwork: undefined, requestedNetworks: [], approvedNetworkIds: [], supportsAllNetworks: true },
    };
  };
  const patchChain = (namespace: ChainNamespace, next: ChainState) =>
    store.setState((s) => ({ chains: { ...s.chains, [namespace]: next } }));

  return {
    ...store,
    chain,
    setAccount(namespace, patch) {
      const current = chain(namespace);
      patchChain(namespace, { ...current, account: { ...current.account, ...patch } });
    },
    setConnected(namespace, address, info) {
      const current = chain(namespace);
      const network = current.network.activeNetwork;
      const caipAddress = network ? networkCaipAddress(network, address) : undefined;
      const explorer = network?.blockExplorers?.default.url;
      patchChain(namespace, {
        ...current,
        account: {
          ...current.account,
          status: "connected",
          address,
          caipAddress,
          addressExplorerUrl: explorer ? `${explorer}/address/${address}` : undefined,
          connectedWalletInfo: info ?? current.account.connectedWalletInfo,
        },
      });
    },
    resetAccount(namespace) {
      const current = chain(namespace);
      patchChain(namespace, {
        account: emptyAccount(),
        network: { ...current.network, approvedNetworkIds: [] },
      });
    },
    setActiveNetwork(network) {
      const current = chain(network.chainNamespace);
      const address = current.account.address;
      patchChain(network.chainNamespace, {
        account: {
          ...current.account,
          caipAddress: address ? networkCaipAddress(network, address) : undefined,
        },
        network: { ...current.network, activeNetwork: network },
      });
      store.setState({ activeChain: network.chainNamespace, isSwitchingNamespace: false });
    },
    setApprovedNetworkIds(namespace, ids) {
      const current = chain(namespace);
      patchChain(namespace, { ...current, network: { ...current.network, approvedNetworkIds: ids } });
    },
    switchNamespace(namespace) {
      if (namespace === store.getState().activeChain) return;
      store.setState({ isSwitchingNamespace: true });
      const target = chain(namespace).network.activeNetwork ?? chain(namespace).network.requestedNetworks[0];
      if (target) this.setActiveNetwork(target);
    },
    removeNamespace(namespace) {
      const { chains: all, activeChain } = store.getState();
      const { [namespace]: _removed, ...rest } = all;
      store.setState({ chains: rest });
      if (namespace === activeChain) {
        const other = (Object.values(rest) as ChainState[]).find((c) => c.network.requestedNetworks.length > 0);
        const next = other?.network.requestedNetworks[0];
        if (next) this.setActiveNetwork(next);
      }
    },
    removeNetwork(network) {
      const current = chain(network.chainNamespace);
      const remaining = current.network.requestedNetworks.filter((n) => n.caipNetworkId !== network.caipNetworkId);
      const wasActive = current.network.activeNetwork?.caipNetworkId === network.caipNetworkId;
      patchChain(network.chainNamespace, {
        ...current,
        network: {
          ...current.network,
          requestedNetworks: remaining,
          activeNetwork: wasActive ? remaining[0] : current.network.activeNetwork,
        },
      });
    },
    activeAccount: () => chain().account,
    activeNetwork: () => chain().network.activeNetwork,
    isConnected: () => chain().account.status === "connected" && Boolean(chain().account.address),
    connectedNamespaces: () =>
      (Object.entries(store.getState().chains) as [ChainNamespace, ChainState][])
        .filter(([, c]) => c.account.status === "connected" && Boolean(c.account.address))
        .map(([namespace]) => namespace),
  };
}
