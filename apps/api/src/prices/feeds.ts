import { type Address, getAddress, isAddress, type PublicClient, parseAbi } from "viem";
import { z } from "zod";
import { NATIVE_TOKEN_ADDRESS } from "../chain/caip.js";

/** A feed's answer older than this (in seconds) is ignored unless PRICE_FEED_MAX_AGE_SECONDS says otherwise. */
export const DEFAULT_PRICE_FEED_MAX_AGE_SECONDS = 3600;

/** The price-feed variables of the API's environment (spread into `envSchema`). */
export const priceFeedEnv = {
  PRICE_FEEDS: z.string().optional(),
  PRICE_FEED_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(DEFAULT_PRICE_FEED_MAX_AGE_SECONDS),
};

/** The parsed price-feed variables. */
export type PriceFeedEnv = { PRICE_FEEDS?: string | undefined; PRICE_FEED_MAX_AGE_SECONDS: number };

/**
 * Chainlink-style price feeds on the deployment's chain (PRICE_FEEDS, PRICE_FEED_MAX_AGE_SECONDS): `feeds` maps a
 * token's lower-case address (native ETH as 0xeeee…) to its AggregatorV3 feed; an answer older than `maxAgeSeconds`
 * is ignored.
 */
export type PriceFeedConfig = { feeds: ReadonlyMap<string, Address>; maxAgeSeconds: number };

/** No feeds: every price comes from the pools. */
export const NO_PRICE_FEEDS: PriceFeedConfig = {
  feeds: new Map(),
  maxAgeSeconds: DEFAULT_PRICE_FEED_MAX_AGE_SECONDS,
};

/**
 * Reads PRICE_FEEDS (`<token address or ETH>=<feed address>`, comma-separated) and PRICE_FEED_MAX_AGE_SECONDS;
 * `fail` is called with a message naming the variable for an entry that is not two addresses or a token listed twice.
 */
export function priceFeedConfig(env: PriceFeedEnv, fail: (message: string) => never): PriceFeedConfig {
  const feeds = new Map<string, Address>();
  const entries = (env.PRICE_FEEDS ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [token = "", feed = "", ...rest] = entry.split("=").map((part) => part.trim());
    const native = token.toUpperCase() === "ETH";
    if (rest.length > 0 || (!native && !isAddress(token, { strict: false })) || !isAddress(feed, { strict: false }))
      fail(`PRICE_FEEDS: "${entry}" is not <token address or ETH>=<feed address>`);
    const key = native ? NATIVE_TOKEN_ADDRESS : token.toLowerCase();
    if (feeds.has(key)) fail(`PRICE_FEEDS: ${native || key === NATIVE_TOKEN_ADDRESS ? "ETH" : token} is listed twice`);
    feeds.set(key, getAddress(feed));
  }
  return { feeds, maxAgeSeconds: env.PRICE_FEED_MAX_AGE_SECONDS };
}

/** The AggregatorV3Interface reads the pricer makes. */
export const aggregatorV3Abi = parseAbi([
  "function decimals() view returns (uint8)",
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
]);

/** A usable feed answer: the USD price and when the feed updated it (seconds). */
export type FeedPrice = { price: number; updatedAt: number; feed: Address };

/**
 * Reads configured feeds. `price` answers a token's feed price, or undefined when the token has no feed or its
 * answer is not usable (answer ≤ 0, a round not answered, older than the maximum age, or the read failed): each of
 * those is logged with its reason, and the caller falls back to the pools. A feed's decimals are read once.
 */
export function createFeedReader(
  config: PriceFeedConfig,
  options: { now?: () => number; log?: (message: string) => void } = {},
) {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const decimals = new Map<string, number>();

  const decimalsOf = async (client: PublicClient, feed: Address): Promise<number> => {
    const known = decimals.get(feed);
    if (known !== undefined) return known;
    const read = await client.readContract({ address: feed, abi: aggregatorV3Abi, functionName: "decimals" });
    decimals.set(feed, read);
    return read;
  };

  return {
    /** Whether `token` (an address, native ETH as 0xeeee…) has a configured feed. */
    has(token: Address): boolean {
      return config.feeds.has(token.toLowerCase());
    },
    /** The token's feed price in USD, or undefined (logged) when it has no usable one. */
    async price(client: PublicClient, token: Address, label: string): Promise<FeedPrice | undefined> {
      const feed = config.feeds.get(token.toLowerCase());
      if (!feed) return undefined;
      let round: readonly [bigint, bigint, bigint, bigint, bigint];
      let places: number;
      try {
        [round, places] = await Promise.all([
          client.readContract({ address: feed, abi: aggregatorV3Abi, functionName: "latestRoundData" }),
          decimalsOf(client, feed),
        ]);
      } catch (error) {
        log(`price feed ${feed} for ${label} could not be read (${firstLine(error)}); using the pools`);
        return undefined;
      }
      const [roundId, answer, , updatedAt, answeredInRound] = round;
      const reason =
        answer <= 0n
          ? `answered ${answer}`
          : answeredInRound < roundId
            ? `round ${roundId} is not answered (answered in round ${answeredInRound})`
            : now() / 1000 - Number(updatedAt) > config.maxAgeSeconds
              ? `last updated ${new Date(Number(updatedAt) * 1000).toISOString()}, over ${config.maxAgeSeconds} s ago`
              : undefined;
      if (reason) {
        log(`price feed ${feed} for ${label} ignored: ${reason}; using the pools`);
        return undefined;
      }
      return { price: Number(answer) / 10 ** places, updatedAt: Number(updatedAt), feed };
    },
  };
}

/** A feed reader as `createFeedReader` makes it. */
export type FeedReader = ReturnType<typeof createFeedReader>;

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0];
