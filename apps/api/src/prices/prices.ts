import type { Address } from "viem";
import { formatTokenId, NATIVE_TOKEN_ADDRESS, type TokenId } from "../chain/caip.js";
import { readTokenMetadata } from "../chain/readTokenMetadata.js";
import { type DexChain, type DexToken, NATIVE_TOKEN } from "../convert/dex.js";
import { midPrice } from "../convert/quoteMath.js";
import { readHop } from "../convert/quotes.js";
import { createFeedReader, NO_PRICE_FEEDS, type PriceFeedConfig } from "./feeds.js";

/** How long a price is reused (spec §9: balances and prices, 30 s). */
export const PRICE_CACHE_MS = 30_000;

/** A token's USD price in the spec's `fungibles` shape (`address` its CAIP-10 id). */
export type FungiblePrice = { name: string; symbol: string; iconUrl: string; price: number; address: string };

type Metadata = { name: string; symbol: string; decimals: number };

/** Where a price came from (internal, for logs and tests; the routes answer only the spec's fields). */
export type PriceSource = "feed" | "pool";

/** A price with its source, as `Pricer.priced` answers it. */
export type SourcedPrice = { fungible: FungiblePrice; source: PriceSource };

/** The pricer's clock (ms), its configured price feeds and where it logs an ignored feed answer. */
export type PricerOptions = { now?: () => number; feeds?: PriceFeedConfig; log?: (message: string) => void };

/**
 * USD prices on a chain with a DEX: the USD token (the fund's investment token, mUSDC) is worth 1; ETH and every other
 * token are priced at the mid price of their pool with the USD token (from its reserves), else through WETH. A token
 * without such a pool (or not an ERC-20) has no price: the caller leaves it out. A token with a configured price feed
 * (PRICE_FEEDS, see feeds.ts) takes the feed's answer first, falling back to the pools when it is not usable; ETH's
 * feed also prices the WETH leg of tokens priced through WETH. Prices are kept `PRICE_CACHE_MS`.
 */
export function createPricer(options: PricerOptions = {}) {
  const now = options.now ?? Date.now;
  const feeds = createFeedReader(options.feeds ?? NO_PRICE_FEEDS, { now, ...(options.log && { log: options.log }) });
  const cache = new Map<string, { at: number; price: SourcedPrice | undefined }>();
  const metadata = new Map<string, Metadata | undefined>();

  const metadataOf = async (chain: DexChain, address: Address): Promise<Metadata | undefined> => {
    const listed = chain.tokens.find((token) => token.address.toLowerCase() === address.toLowerCase());
    if (listed) return listed;
    const key = `${chain.chainId}:${address.toLowerCase()}`;
    if (metadata.has(key)) return metadata.get(key);
    // The indexer's reader: token-chosen texts clipped and stripped of control characters, null where unanswered.
    const row = await readTokenMetadata(chain.client, chain.chainId, address);
    const read =
      row.name != null && row.symbol != null && row.decimals != null
        ? { name: row.name, symbol: row.symbol, decimals: row.decimals }
        : undefined;
    metadata.set(key, read);
    return read;
  };

  /** The mid price of `base` in units of `quote` (whole tokens), 0 without a pool. */
  const poolPrice = async (
    chain: DexChain,
    base: Address,
    baseDecimals: number,
    quote: Address,
    quoteDecimals: number,
  ) => {
    const hop = await readHop(chain, base, quote);
    return hop ? midPrice(hop.reserveIn, hop.reserveOut, baseDecimals, quoteDecimals) : 0;
  };

  const usdPrice = async (chain: DexChain, address: Address, decimals: number): Promise<number> => {
    const usd = chain.usdToken;
    if (!usd) return 0;
    if (address.toLowerCase() === usd.address.toLowerCase()) return 1;
    const direct = await poolPrice(chain, address, decimals, usd.address, usd.decimals);
    if (direct > 0 || address.toLowerCase() === chain.dex.weth.toLowerCase()) return direct;
    const inEth = await poolPrice(chain, address, decimals, chain.dex.weth, NATIVE_TOKEN.decimals);
    if (inEth === 0) return 0;
    const ethFeed = await feeds.price(chain.client, NATIVE_TOKEN_ADDRESS, "ETH");
    return (
      inEth *
      (ethFeed?.price ?? (await poolPrice(chain, chain.dex.weth, NATIVE_TOKEN.decimals, usd.address, usd.decimals)))
    );
  };

  const fresh = async (chain: DexChain, token: TokenId): Promise<SourcedPrice | undefined> => {
    const meta: Metadata | undefined = token.native ? NATIVE_TOKEN : await metadataOf(chain, token.address);
    if (!meta) return undefined;
    const fed = await feeds.price(chain.client, token.native ? NATIVE_TOKEN_ADDRESS : token.address, meta.symbol);
    const price = fed?.price ?? (await usdPrice(chain, token.native ? chain.dex.weth : token.address, meta.decimals));
    if (!(price > 0) || !Number.isFinite(price)) return undefined;
    const fungible = {
      name: meta.name,
      symbol: meta.symbol,
      iconUrl: "",
      price,
      address: formatTokenId(chain.chainId, token.native ? NATIVE_TOKEN_ADDRESS : token.address),
    };
    return { fungible, source: fed ? "feed" : "pool" };
  };

  /** The price with its source (cached `PRICE_CACHE_MS`), or undefined when it has none; `force` skips the cache. */
  const priced = async (chain: DexChain, token: TokenId, force = false): Promise<SourcedPrice | undefined> => {
    const key = `${chain.chainId}:${token.address.toLowerCase()}`;
    const hit = cache.get(key);
    if (!force && hit && now() - hit.at < PRICE_CACHE_MS) return hit.price;
    const price = await fresh(chain, token);
    cache.set(key, { at: now(), price });
    return price;
  };

  return {
    /** The USD price of one token, or undefined when it has none; `force` skips the cache. */
    async price(chain: DexChain, token: TokenId, force = false): Promise<FungiblePrice | undefined> {
      return (await priced(chain, token, force))?.fungible;
    },
    priced,
  };
}

/** A pricer as `createPricer` makes it. */
export type Pricer = ReturnType<typeof createPricer>;

/** The tokens a balance lists on a chain: native ETH first, then the deployment's tokens. */
export function balanceTokens(chain: DexChain): (TokenId & { meta: Omit<DexToken, "address"> })[] {
  return [
    { chainId: chain.chainId, address: NATIVE_TOKEN_ADDRESS, native: true, meta: NATIVE_TOKEN },
    ...chain.tokens.map((token) => ({ chainId: chain.chainId, address: token.address, native: false, meta: token })),
  ];
}
