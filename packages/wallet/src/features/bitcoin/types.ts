import type { Store } from "../../core/createStore.js";
import type { TokenBalance } from "../../core/createWalletState.js";
import type { CaipNetwork } from "../../core/network.js";
import type { BitcoinNetworkName } from "./networks.js";

/** The wallet config's bitcoin option: without it there is no bitcoin anywhere in the modal. */
export type BitcoinConfig = {
  /** An Esplora-style API: `GET {balanceApiUrl}/address/:address` → `{ chain_stats, mempool_stats }`. */
  balanceApiUrl: string;
  /** The bitcoin network the wallets are asked for. */
  network: BitcoinNetworkName;
};

/** A bitcoin wallet found through the Wallet Standard, as the Connect view lists it (spec Connector). */
export type BitcoinConnectorItem = {
  id: string;
  name: string;
  imageUrl: string | undefined;
  type: "ANNOUNCED";
  chain: "bip122";
};

/** localStorage key of the bitcoin wallet connected last (its connection is restored silently after a reload). */
export const BITCOIN_WALLET_KEY = "fundament.wallet.bitcoin";

/** Connector ids of bitcoin wallets start with this. */
export const BITCOIN_CONNECTOR_PREFIX = "bip122:";

/** Whether a connector id names a bitcoin (Wallet Standard) wallet. */
export function isBitcoinConnectorId(id: string): boolean {
  return id.startsWith(BITCOIN_CONNECTOR_PREFIX);
}

/** The account type of a bitcoin payment address (spec section 3: bitcoin: payment). */
export type BitcoinAccountType = "payment";

/** A signed message: the base64 signature, its format and the address that signed. */
export type BitcoinSignedMessage = {
  address: string;
  message: string;
  /** Base64 of the wallet's signature bytes (65 bytes for a BIP-137 signature). */
  signature: string;
};

/** What the lazily loaded bitcoin family does (its code — the Wallet Standard — loads on first use). */
export type BitcoinFamily = {
  /** Starts watching Wallet Standard wallets (register / unregister) into the connectors store. Returns the cleanup. */
  watchWallets(): () => void;
  /** The wallets of this family this browser offers now (as the Connect view lists them). */
  connectors(): BitcoinConnectorItem[];
  /**
   * Connects a Wallet Standard wallet and asks for its payment address; the bip122 family becomes (unless `activate`
   * is false) active. `silent`: only if the wallet already trusts the page (restoring a connection), no prompt.
   */
  connect(connectorId: string, options?: { silent?: boolean; activate?: boolean }): Promise<void>;
  disconnect(): Promise<void>;
  /** The BTC balance of an address (confirmed + mempool) from the balance API. */
  getBalance(address: string): Promise<TokenBalance>;
  /** Whether the connected wallet can send (has `bitcoin:sendTransfer`). */
  canSend(): boolean;
  /** Signs a text message with the payment account (`bitcoin:signMessage`). */
  signMessage(message: string): Promise<BitcoinSignedMessage>;
  /** Sends `amount` BTC to `receiver` through the wallet's `bitcoin:sendTransfer`; resolves with the txid. */
  send(p: { receiver: string; amount: string }): Promise<string>;
};

/** The bitcoin part of the runtime: present only when the wallet config has `bitcoin`. */
export type BitcoinRuntime = {
  config: BitcoinConfig;
  networks: CaipNetwork[];
  /** Bitcoin wallets found in this page (filled once the family has loaded). */
  connectors: Store<{ list: BitcoinConnectorItem[] }>;
  /** Loads the bitcoin family (a separate chunk). */
  load(): Promise<BitcoinFamily>;
};
