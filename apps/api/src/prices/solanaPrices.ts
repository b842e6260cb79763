import { createSolanaRpc } from "@solana/kit";
import type { Address, PublicClient } from "viem";
import { formatSolanaTokenId, type SolanaTokenId } from "../chain/caip.js";
import { createFeedReader } from "./feeds.js";
import { type FungiblePrice, PRICE_CACHE_MS } from "./prices.js";
import type { SolanaPriceConfig } from "./solanaPriceConfig.js";

export { type SolanaPriceConfig, type SolanaUsdMint, solanaPriceConfig, solanaPriceEnv } from "./solanaPriceConfig.js";

/** The wrapped-SOL mint: SOL's price id is `solana:<reference>:So111…112`, as the wallet asks for it. */
export const WRAPPED_SOL_MINT = "So11111111111111111111111111111111111111112";

/** How long reading the Solana RPC's genesis hash may take (ms). */
export const SOLANA_GENESIS_TIMEOUT_MS = 5_000;

/** SOL's name and symbol in a price answer. */
export const SOL = { name: "Solana", symbol: "SOL" } as const;

/** What `createSolanaPricer` needs. */
export type SolanaPricerOptions = {
  /** SOLANA_RPC_URL: whose genesis hash a token id's chain reference must match; without it nothing is priced. */
  rpcUrl: string | undefined;
  config: SolanaPriceConfig;
  /** The client of the EVM chain the SOL/USD feed is on (the deployment's), undefined when it has none. */
  feedClient: PublicClient | undefined;
  /** PRICE_FEED_MAX_AGE_SECONDS: an older feed answer leaves SOL out. */
  maxAgeSeconds: number;
  now?: () => number;
  log?: (message: string) => void;
};

/** The feed reader's key for SOL (it keys feeds by a lower-case token address; SOL has none on the EVM chain). */
const SOL_FEED_KEY = WRAPPED_SOL_MINT.toLowerCase() as Address;

/**
 * USD prices of Solana tokens on the configured Solana RPC's chain: the SOLANA_USD_MINTS are worth 1, SOL (priced as
 * wrapped SOL) is worth the SOL/USD feed's answer (cached `PRICE_CACHE_MS`). A token id whose chain reference is not
 * the RPC's genesis hash (read once, kept after the first success), a mint not listed, SOL without a usable feed
 * answer, and every id while the RPC cannot be read are left out, each logged; this never throws. Ids are matched
 * regardless of case (the route lowercases them) and answered in their canonical base58 case.
 */
export function createSolanaPricer(options: SolanaPricerOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const feed = options.config.solUsdFeed;
  const feeds = createFeedReader(
    { feeds: new Map(feed ? [[SOL_FEED_KEY, feed]] : []), maxAgeSeconds: options.maxAgeSeconds },
    { now, log: (message) => log(message.replace(/; using the pools$/, "; SOL is left out")) },
  );
  const rpc = options.rpcUrl ? createSolanaRpc(options.rpcUrl) : undefined;
  let reference: string | undefined;
  let solCache: { at: number; price: number | undefined } | undefined;

  /** The RPC's CAIP-2 reference (first 32 characters of its genesis hash), or undefined (logged) when unreadable. */
  const chainReference = async (): Promise<string | undefined> => {
    if (reference || !rpc) return reference;
    try {
      const hash = await rpc.getGenesisHash().send({ abortSignal: AbortSignal.timeout(SOLANA_GENESIS_TIMEOUT_MS) });
      reference = hash.slice(0, 32);
    } catch (error) {
      log(`Solana RPC ${options.rpcUrl} could not be read (${firstLine(error)}); Solana tokens are left out`);
    }
    return reference;
  };

  const solPrice = async (force: boolean): Promise<number | undefined> => {
    if (!force && solCache && now() - solCache.at < PRICE_CACHE_MS) return solCache.price;
    let price: number | undefined;
    if (!feed) price = undefined;
    else if (!options.feedClient) log(`price feed ${feed} for SOL has no EVM chain to be read on; SOL is left out`);
    else price = (await feeds.price(options.feedClient, SOL_FEED_KEY, "SOL"))?.price;
    solCache = { at: now(), price };
    return price;
  };

  const priceOf = async (id: SolanaTokenId, ref: string, force: boolean): Promise<FungiblePrice | undefined> => {
    if (id.reference.toLowerCase() !== ref.toLowerCase()) return undefined;
    const mint = id.mint.toLowerCase();
    const address = (canonical: string) => formatSolanaTokenId(ref, canonical);
    if (mint === SOL_FEED_KEY) {
      const price = await solPrice(force);
      return price && price > 0 && Number.isFinite(price)
        ? { ...SOL, iconUrl: "", price, address: address(WRAPPED_SOL_MINT) }
        : undefined;
    }
    const usd = options.config.usdMints.find((listed) => listed.mint.toLowerCase() === mint);
    return usd
      ? { name: usd.symbol, symbol: usd.symbol, iconUrl: "", price: 1, address: address(usd.mint) }
      : undefined;
  };

  return {
    /** The prices of the ids that have one, in the ids' order (the others are left out); `force` skips the cache. */
    async prices(ids: readonly SolanaTokenId[], force = false): Promise<FungiblePrice[]> {
      if (ids.length === 0) return [];
      const ref = await chainReference();
      if (!ref) return [];
      const prices: FungiblePrice[] = [];
      for (const id of ids) {
        const price = await priceOf(id, ref, force).catch((error: unknown) => {
          log(`Solana price of ${id.mint} could not be read (${firstLine(error)}); it is left out`);
          return undefined;
        });
        if (price) prices.push(price);
      }
      return prices;
    },
  };
}

/** A Solana pricer as `createSolanaPricer` makes it. */
export type SolanaPricer = ReturnType<typeof createSolanaPricer>;

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0];
