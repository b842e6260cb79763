import { type Address, isAddress } from "@solana/kit";
import { z } from "zod";

/** How often the lending wallet is read when SOLANA_SNAPSHOT_INTERVAL_SECONDS is unset (an hour). */
export const SOLANA_SNAPSHOT_DEFAULT_INTERVAL_SECONDS = 3600;

/** The NFT-lending wallet snapshot's settings: the job runs only when both the wallet and the RPC are set. */
export type SolanaConfig = {
  /** NFT_LENDING_WALLET: the lending wallet whose SOL balance is the NFT-lending vault's value. */
  nftLendingWallet: Address | undefined;
  /** SOLANA_RPC_URL: a Solana JSON-RPC (devnet, mainnet, or the local one of `@fundament/solana-local`). */
  rpcUrl: string | undefined;
  /** SOLANA_SNAPSHOT_INTERVAL_SECONDS in ms. */
  snapshotIntervalMs: number;
};

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The environment variables of the Solana snapshot job, spread into the API's `envSchema`. */
export const solanaEnv = {
  NFT_LENDING_WALLET: z
    .string()
    .optional()
    .transform(blankToUndefined)
    .refine((value) => value === undefined || isAddress(value), {
      message: "must be a Solana address (base58, 32 bytes)",
    }),
  SOLANA_RPC_URL: z
    .string()
    .optional()
    .transform(blankToUndefined)
    .refine((value) => value === undefined || /^https?:\/\/\S+$/.test(value), {
      message: "must be an http(s) URL",
    }),
  SOLANA_SNAPSHOT_INTERVAL_SECONDS: z.preprocess(
    (value) => (typeof value === "string" && !value.trim() ? undefined : value),
    z.coerce.number().int().min(5).max(86_400).default(SOLANA_SNAPSHOT_DEFAULT_INTERVAL_SECONDS),
  ),
};

/** The parsed Solana settings (see `SolanaConfig`). */
export function solanaConfig(env: {
  NFT_LENDING_WALLET: string | undefined;
  SOLANA_RPC_URL: string | undefined;
  SOLANA_SNAPSHOT_INTERVAL_SECONDS: number;
}): SolanaConfig {
  return {
    nftLendingWallet: env.NFT_LENDING_WALLET as Address | undefined,
    rpcUrl: env.SOLANA_RPC_URL,
    snapshotIntervalMs: env.SOLANA_SNAPSHOT_INTERVAL_SECONDS * 1000,
  };
}
