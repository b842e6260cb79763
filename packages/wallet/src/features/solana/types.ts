import type { Wallet } from "@wallet-standard/base";
import type { CaipNetwork } from "../../core/network.js";
import type {
  ChainFamily,
  FamilyActivityItem,
  FamilyActivityOptions,
  FamilyConnectorItem,
  LazyChainFamily,
} from "../families/types.js";

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
export type SolanaConnectorItem = FamilyConnectorItem<"solana">;

/** localStorage key of the Solana wallet connected last (its connection is restored silently after a reload). */
export const SOLANA_WALLET_KEY = "fundament.wallet.solana";

/** Connector ids of Solana wallets start with this. */
export const SOLANA_CONNECTOR_PREFIX = "solana:";

/** Whether a connector id names a Solana (Wallet Standard) wallet. */
export function isSolanaConnectorId(id: string): boolean {
  return id.startsWith(SOLANA_CONNECTOR_PREFIX);
}

/** A Solana activity row (from getSignaturesForAddress): `id` is the signature. */
export type SolanaActivityItem = FamilyActivityItem & {
  signature: string;
  slot: number;
  memo: string | undefined;
};

/**
 * The Solana chain family (its code — @solana/kit, the Wallet Standard — loads on first use): the chain-family contract,
 * activity from the RPC, no message signing, and the local dev accounts. (`activity` and `signMessage` are narrowed, not
 * changed: the runtime holds the family as a `ChainFamily`, which the compiler checks.)
 */
export type SolanaFamily = Omit<ChainFamily<"solana">, "activity" | "signMessage"> & {
  /** The address's latest signatures, newest first. */
  activity(address: string, options?: FamilyActivityOptions): Promise<SolanaActivityItem[]>;
  signMessage: undefined;
  /** The local dev accounts' wallet (which account it uses); undefined unless offered (`SolanaConfig.devAccounts`). */
  devAccounts: Pick<SolanaDevWallet, "index" | "setIndex"> | undefined;
};

/** The Solana part of the runtime: present only when the wallet config has `solana`. */
export type SolanaRuntime = LazyChainFamily<SolanaFamily, SolanaConfig>;

/** The dev accounts' Wallet Standard wallet and which account it uses. */
export type SolanaDevWallet = {
  wallet: Wallet;
  /** The account in use (0..9). */
  index(): number;
  /** Uses another account; a connected page is told (`standard:events` change), as a wallet's account switch. */
  setIndex(index: number): void;
};
