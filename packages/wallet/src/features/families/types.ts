import type { ChainNamespace } from "../../core/caip.js";
import type { Store } from "../../core/createStore.js";
import type { TokenBalance } from "../../core/createWalletState.js";
import type { CaipNetwork } from "../../core/network.js";

/**
 * The one contract of a chain family (Solana, bitcoin; spec section 3's chain families), in the spirit of Reown
 * AppKit's adapter blueprint but as a plain type: a family is an object of functions, built by a `create*Family`
 * factory, never a class. The views and the runtime speak to every family through it.
 */
export type ChainFamily<TNamespace extends ChainNamespace = ChainNamespace> = {
  /** The CAIP-2 namespace of the family's networks and accounts (`solana`, `bip122`). */
  readonly namespace: TNamespace;
  /** The networks of this family the app offers. */
  readonly networks: readonly CaipNetwork[];
  /** The wallets of this family this browser offers now (as the Connect view lists them). */
  connectors(): FamilyConnectorItem<TNamespace>[];
  /** Starts watching for wallets (register / unregister) into the connectors store. Returns the cleanup. */
  watch(): () => void;
  /**
   * Connects a wallet: the family's account becomes connected and (unless `activate` is false) active. `silent`: only
   * if the wallet already trusts the page (restoring a connection), no prompt.
   */
  connect(connectorId: string, options?: FamilyConnectOptions): Promise<void>;
  /** Forgets the connection (and asks the wallet to disconnect when it can). */
  disconnect(): Promise<void>;
  /** The native balance first, then the tokens, of an address on the family's active network. */
  balances(address: string): Promise<TokenBalance[]>;
  /** Sends the native coin (no token address) or a token; resolves with the transaction id once the family has it. */
  send(p: FamilySendParameters): Promise<string>;
  /** The address's latest transactions, newest first; undefined when the family has no source of activity. */
  activity: ((address: string, options?: FamilyActivityOptions) => Promise<FamilyActivityItem[]>) | undefined;
  /** Signs a text message with the connected account; undefined when the family does not sign messages. */
  signMessage: ((message: string) => Promise<FamilySignedMessage>) | undefined;
};

/** A wallet of a chain family, as the Connect view lists it (spec Connector). */
export type FamilyConnectorItem<TNamespace extends ChainNamespace = ChainNamespace> = {
  id: string;
  name: string;
  imageUrl: string | undefined;
  type: "ANNOUNCED";
  chain: TNamespace;
};

export type FamilyConnectOptions = { silent?: boolean; activate?: boolean };

/** What to send: the amount in the token's units, to the receiver's address; no token address is the native coin. */
export type FamilySendParameters = {
  token?: { address?: string | undefined; decimals: number } | undefined;
  amount: string;
  receiver: string;
};

export type FamilyActivityOptions = { limit?: number; before?: string };

/** A transaction of an address, as the activity list shows it. */
export type FamilyActivityItem = {
  /** The transaction id (signature, hash, txid). */
  id: string;
  /** Seconds since the epoch, when known. */
  blockTime: number | undefined;
  /** Where the transaction stands when its time is unknown (e.g. `Slot 12`). */
  position?: string | undefined;
  failed: boolean;
  /** What moved for the account, when known. */
  direction?: "sent" | "received" | undefined;
  amount?: string | undefined;
  symbol?: string | undefined;
};

/** A signed message: the address that signed, the message and the signature (base64). */
export type FamilySignedMessage = { address: string; message: string; signature: string };

/**
 * A chain family as the runtime holds it before its code has loaded: its networks, the wallets found so far and the
 * loader of its code (a separate chunk). `config` is the family's part of the wallet config.
 */
export type LazyChainFamily<TFamily extends ChainFamily = ChainFamily, TConfig = unknown> = {
  readonly namespace: TFamily["namespace"];
  config: TConfig;
  networks: CaipNetwork[];
  /** The family's wallets found in this page (filled once the family has loaded). */
  connectors: Store<{ list: FamilyConnectorItem<TFamily["namespace"]>[] }>;
  /** Whether a connector id names one of this family's wallets. */
  ownsConnector(connectorId: string): boolean;
  /** Loads the family (once). */
  load(): Promise<TFamily>;
};

/**
 * Any lazy family, as the runtime's connect, disconnect, network switch and wallet watch use it (the parts of
 * `LazyChainFamily` that hold for every family, whatever its namespace).
 */
export type AnyLazyChainFamily = Pick<LazyChainFamily, "namespace" | "ownsConnector" | "load">;
