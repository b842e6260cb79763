import type { Store } from "../../core/createStore.js";
import type { CaipNetwork } from "../../core/network.js";
import type { SolanaDevWallet } from "./createSolanaDevWallet.js";

/** An SPL token the app names (the RPC knows only mints and amounts). */
export type SolanaTokenEntry = { mint: string; symbol: string; name?: string | undefined };

/** The wallet config's Solana option: without it there is no Solana anywhere in the modal. */
export type SolanaConfig = {
  /** The Solana JSON-RPC (balances, sends, activity), e.g. the local one on http://127.0.0.1:8899. */
  rpcUrl: string;
  /** The Solana networks offered; default: the local RPC's network (needs `genesisHash`), else mainnet on `rpcUrl`. */
  networks?: readonly CaipNetwork[] | undefined;
  /** The RPC's genesis hash: names the local network `solana:<first 32 characters>`. */
  genesisHash?: string | undefined;
  /** Names of SPL tokens by mint (others are shown by their short mint). */
  tokens?: readonly SolanaTokenEntry[] | undefined;
  /**
   * Offer the local Solana RPC's dev accounts ("Dev accounts (Solana Local)": its funded keys, no extension needed).
   * Only ever on the local Solana network (`SOLANA_LOCAL_ID`); default true when the networks include it.
   */
  devAccounts?: boolean | undefined;
};

/** A Solana wallet found through the Wallet Standard, as the Connect view lists it (spec Connector). */
export type SolanaConnectorItem = {
  id: string;
  name: string;
  imageUrl: string | undefined;
  type: "ANNOUNCED";
  chain: "solana";
};

/** localStorage key of the Solana wallet connected last (its connection is restored silently after a reload). */
export const SOLANA_WALLET_KEY = "fundament.wallet.solana";

/** Connector ids of Solana wallets start with this. */
export const SOLANA_CONNECTOR_PREFIX = "solana:";

/** Whether a connector id names a Solana (Wallet Standard) wallet. */
export function isSolanaConnectorId(id: string): boolean {
  return id.startsWith(SOLANA_CONNECTOR_PREFIX);
}

/** A Solana activity row (from getSignaturesForAddress). */
export type SolanaActivityItem = {
  signature: string;
  slot: number;
  blockTime: number | undefined;
  failed: boolean;
  memo: string | undefined;
  /** What moved for the account, when known. */
  direction?: "sent" | "received" | undefined;
  amount?: string | undefined;
  symbol?: string | undefined;
};

/** What the lazily loaded Solana family does (its code — @solana/kit, the Wallet Standard — loads on first use). */
export type SolanaFamily = {
  /** Starts watching Wallet Standard wallets (register / unregister) into the connectors store. Returns the cleanup. */
  watchWallets(): () => void;
  /** The wallets of this family this browser offers now (as the Connect view lists them). */
  connectors(): SolanaConnectorItem[];
  /**
   * Connects a Wallet Standard wallet: the solana family's account becomes connected and (unless `activate` is false)
   * active. `silent`: only if the wallet already trusts the page (restoring a connection), no prompt.
   */
  connect(connectorId: string, options?: { silent?: boolean; activate?: boolean }): Promise<void>;
  disconnect(): Promise<void>;
  /** SOL and SPL token balances of an address on the active Solana network. */
  getBalances(address: string): Promise<import("../../core/createWalletState.js").TokenBalance[]>;
  /** Sends SOL (no token address) or an SPL token; resolves with the confirmed signature. */
  send(p: {
    token: { address?: string | undefined; decimals: number };
    amount: string;
    receiver: string;
  }): Promise<string>;
  /** The local dev accounts' wallet (which account it uses); undefined unless offered (`SolanaConfig.devAccounts`). */
  devAccounts: Pick<SolanaDevWallet, "index" | "setIndex"> | undefined;
  /** The address's latest signatures, newest first. */
  getActivity(address: string, options?: { limit?: number; before?: string }): Promise<SolanaActivityItem[]>;
};

/** The Solana part of the runtime: present only when the wallet config has `solana`. */
export type SolanaRuntime = {
  config: SolanaConfig;
  networks: CaipNetwork[];
  /** Solana wallets found in this page (filled once the family has loaded). */
  connectors: Store<{ list: SolanaConnectorItem[] }>;
  /** Loads the Solana family (a separate chunk). */
  load(): Promise<SolanaFamily>;
};
