import type { ChainFamily, FamilyConnectorItem, FamilySignedMessage, LazyChainFamily } from "../families/types.js";
import type { BitcoinNetworkName } from "./networks.js";

/** The wallet config's bitcoin option: without it there is no bitcoin anywhere in the modal. */
export type BitcoinConfig = {
  /** An Esplora-style API: `GET {balanceApiUrl}/address/:address` → `{ chain_stats, mempool_stats }`. */
  balanceApiUrl: string;
  /** The bitcoin network the wallets are asked for. */
  network: BitcoinNetworkName;
};

/** A bitcoin wallet found through the Wallet Standard, as the Connect view lists it (spec Connector). */
export type BitcoinConnectorItem = FamilyConnectorItem<"bip122">;

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

/** A signed message: the base64 signature (65 bytes for a BIP-137 signature) and the address that signed. */
export type BitcoinSignedMessage = FamilySignedMessage;

/**
 * The bitcoin chain family (its code — the Wallet Standard — loads on first use): the chain-family contract with the
 * BTC balance from the balance API, `bitcoin:signMessage`, sends where the wallet can, and no activity source.
 * (`activity` and `signMessage` are narrowed, not changed: the runtime holds it as a `ChainFamily`, checked.)
 */
export type BitcoinFamily = Omit<ChainFamily<"bip122">, "activity" | "signMessage"> & {
  /** Whether the connected wallet can send (has `bitcoin:sendTransfer`). */
  canSend(): boolean;
  /** Signs a text message with the payment account (`bitcoin:signMessage`). */
  signMessage(message: string): Promise<BitcoinSignedMessage>;
  activity: undefined;
};

/** The bitcoin part of the runtime: present only when the wallet config has `bitcoin`. */
export type BitcoinRuntime = LazyChainFamily<BitcoinFamily, BitcoinConfig>;
