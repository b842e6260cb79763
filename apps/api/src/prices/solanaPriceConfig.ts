import { isAddress as isSolanaAddress } from "@solana/kit";
import { type Address, getAddress, isAddress } from "viem";
import { z } from "zod";

/** The Solana price variables of the API's environment (spread into `envSchema`). */
export const solanaPriceEnv = {
  SOLANA_USD_MINTS: z.string().optional(),
  SOLANA_SOL_USD_FEED: z.string().optional(),
};

/** A mint worth 1 USD and the symbol it is answered with. */
export type SolanaUsdMint = { mint: string; symbol: string };

/**
 * Solana prices (SOLANA_USD_MINTS, SOLANA_SOL_USD_FEED): the SPL mints worth 1 USD, and SOL/USD's AggregatorV3 feed
 * on the deployment's EVM chain (undefined: SOL has no price).
 */
export type SolanaPriceConfig = { usdMints: SolanaUsdMint[]; solUsdFeed: Address | undefined };

/**
 * Reads SOLANA_USD_MINTS (`<mint>` or `<mint>=<symbol>`, comma-separated; the symbol defaults to the mint's first
 * four characters and an ellipsis) and SOLANA_SOL_USD_FEED (an EVM address); `fail` is called with a message naming
 * the variable for a bad entry.
 */
export function solanaPriceConfig(
  env: { SOLANA_USD_MINTS?: string | undefined; SOLANA_SOL_USD_FEED?: string | undefined },
  fail: (message: string) => never,
): SolanaPriceConfig {
  const usdMints: SolanaUsdMint[] = [];
  const entries = (env.SOLANA_USD_MINTS ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [mint = "", symbol, ...rest] = entry.split("=").map((part) => part.trim());
    if (rest.length > 0 || !isSolanaAddress(mint) || symbol === "" || (symbol && symbol.length > 20))
      fail(`SOLANA_USD_MINTS: "${entry}" is not <mint> or <mint>=<symbol>`);
    if (usdMints.some((listed) => listed.mint === mint)) fail(`SOLANA_USD_MINTS: ${mint} is listed twice`);
    usdMints.push({ mint, symbol: symbol ?? `${mint.slice(0, 4)}…` });
  }
  const feed = env.SOLANA_SOL_USD_FEED?.trim();
  if (feed && !isAddress(feed, { strict: false }))
    fail(`SOLANA_SOL_USD_FEED: "${feed}" is not a price feed address (0x and 40 hex digits)`);
  return { usdMints, solUsdFeed: feed ? getAddress(feed) : undefined };
}
