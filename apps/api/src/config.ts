import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Deployment, deploymentFromEnv, LOCAL_CHAIN_ID, LOCAL_RPC_URL } from "@fundament/sdk";
import { loadDeployment } from "@fundament/sdk/node";
import { type Address, getAddress, isAddress } from "viem";
import { z } from "zod";
import { type EmbeddedConfig, embeddedConfig, embeddedEnv } from "./embedded/embeddedConfig.js";
import { type CcipConfig, ccipConfig, ccipEnv } from "./names/ccipConfig.js";
import type { OnrampConfig } from "./onramp/types.js";
import { type PriceFeedConfig, priceFeedConfig, priceFeedEnv } from "./prices/feeds.js";
import { type SolanaPriceConfig, solanaPriceConfig, solanaPriceEnv } from "./prices/solanaPriceConfig.js";
import { type SolanaConfig, solanaConfig, solanaEnv } from "./solana/solanaConfig.js";

/** The repository root (apps/api/src → ../../..). */
export const REPO_ROOT: string = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

const DAY_MS = 86_400_000;

const list = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    );

const flag = z
  .enum(["", "0", "1", "false", "true", "no", "yes"])
  .default("0")
  .transform((value) => value === "1" || value === "true" || value === "yes");

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const timeMs = z
  .string()
  .optional()
  .transform((value, context) => {
    if (!value?.trim()) return undefined;
    const parsed = /^\d+$/.test(value.trim()) ? Number(value) : Date.parse(value);
    if (Number.isNaN(parsed)) {
      context.addIssue({ code: "custom", message: "must be a date (2026-01-31) or a time in milliseconds" });
      return z.NEVER;
    }
    return parsed;
  });

/** Every environment variable the API reads, with its default. */
export const envSchema = z.object({
  API_HOST: z.string().default("127.0.0.1"),
  API_PORT: z.coerce.number().int().min(0).max(65_535).default(8787),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: optionalText,
  DATA_DIR: optionalText,
  PGLITE_DIR: optionalText,
  BYBIT_API_KEY: optionalText,
  BYBIT_API_SECRET: optionalText,
  BYBIT_SYNC_START: timeMs,
  BYBIT_BASE_URL: optionalText,
  SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(5).default(300),
  HISTORY_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(5),
  ADMIN_TOKEN: optionalText,
  METRICS_TOKEN: optionalText,
  DEMO_DATA: flag,
  WEB_ORIGIN: list("http://127.0.0.1:5173,http://localhost:5173"),
  SIWE_DOMAINS: list("127.0.0.1:5173,localhost:5173"),
  COOKIE_SECURE: flag,
  RPC_URL: optionalText,
  RPC_URLS: optionalText,
  CHAIN_ID: z.coerce.number().int().positive().optional(),
  FUND_ADDRESS: optionalText,
  TOKEN_ADDRESS: optionalText,
  DEPLOYMENT_BLOCK: optionalText,
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context): number | string[] | false => {
      const text = value?.trim();
      if (!text) return false;
      if (/^\d{1,2}$/.test(text)) return Number(text);
      const list = text
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
      if (list.every((item) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(item))) return list;
      context.addIssue({
        code: "custom",
        message: "must be a number of proxy hops (1) or the proxies' addresses (10.0.0.0/8,127.0.0.1)",
      });
      return z.NEVER;
    }),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1000),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  RATE_LIMIT_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).default(35_000),
  HISTORY_CONFIRMATIONS: z.coerce.number().int().min(0).max(1000).optional(),
  NAME_ZONE: z
    .string()
    .default("fundament")
    .transform((value) => value.trim().toLowerCase())
    .pipe(
      z
        .string()
        .max(190, "must be at most 190 characters")
        .regex(/^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/, "must be a DNS name (letters, digits, hyphens, dots), e.g. fundament"),
    ),
  ANALYTICS_ENABLED: flag,
  ANALYTICS_ORIGINS: optionalText,
  SWAP_TOKENS: optionalText,
  DEX_ROUTER_ADDRESS: optionalText,
  DEX_FACTORY_ADDRESS: optionalText,
  WETH_ADDRESS: optionalText,
  ONRAMP_PROVIDER: z.enum(["", "local", "coinbase", "off"]).optional(),
  ONRAMP_TREASURY_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "must be a private key (0x and 64 hex digits)")
      .optional(),
  ),
  ONRAMP_EUR_USD: z.coerce.number().positive().max(100).default(1.08),
  ONRAMP_PUBLIC_URL: optionalText.pipe(z.url({ message: "must be an http(s) URL" }).optional()),
  COINBASE_ONRAMP_API_KEY: optionalText,
  COINBASE_ONRAMP_BASE_URL: optionalText.pipe(z.url({ message: "must be an http(s) URL" }).optional()),
  ENS_RPC_URL: optionalText.pipe(z.url({ message: "must be an http(s) URL" }).optional()),
  ...ccipEnv,
  ...embeddedEnv,
  ...priceFeedEnv,
  ...solanaEnv,
  ...solanaPriceEnv,
});

export type Env = z.input<typeof envSchema>;

export type Config = {
  host: string;
  port: number;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** PostgreSQL through node-postgres when set; PGlite otherwise. */
  databaseUrl: string | undefined;
  /** PGlite's folder, or `memory://` for a throwaway in-memory database. */
  pgliteDir: string;
  bybit: {
    /** Absent when either key is missing: the exchange sync is disabled and the routes say so. */
    credentials: { apiKey: string; secret: string } | undefined;
    syncStartMs: number;
    /** Another Bybit host (testnet, or a local fake in tests). */
    baseUrl: string | undefined;
  };
  syncIntervalMs: number;
  historyIntervalMs: number;
  adminToken: string | undefined;
  /** Bearer token for `GET /metrics` (ADMIN_TOKEN works too); without either, /metrics answers 401. */
  metricsToken: string | undefined;
  demoData: boolean;
  webOrigins: string[];
  siweDomains: string[];
  cookieSecure: boolean;
  /** RPC address per chain id the API accepts sign-ins on and indexes. */
  rpcUrls: Map<number, string>;
  /** The fund whose token transfers feed `/v1/account/:address/history`; undefined when none is known. */
  deployment: Deployment | undefined;
  /**
   * Which proxies' `X-Forwarded-For` to believe (Fastify's `trustProxy`): a hop count or their addresses;
   * false (the default) uses the socket's address. Behind a load balancer, set it so the rate limit counts
   * clients, not the balancer.
   */
  trustProxy: number | string[] | false;
  /** flushEveryMs: how often an instance sends its counted hits to the shared table (0: every request). */
  rateLimit: { max: number; windowMs: number; flushEveryMs: number };
  cacheTtlMs: number;
  /** PostgreSQL timeouts in ms (0 turns one off): connect, statement, idle in transaction, query. */
  databaseTimeouts: { connectMs: number; statementMs: number; idleInTransactionMs: number; queryMs: number };
  /** Blocks the indexer stays behind the chain's head; undefined: 0 on the local chain, 2 elsewhere. */
  historyConfirmations: number | undefined;
  /**
   * Tokens the swap, price and balance routes list besides the investment token (SWAP_TOKENS, comma-separated
   * addresses) when the deployment record has no `tokens` of its own.
   */
  swapTokens: Address[] | undefined;
  /** Names: the zone every name is registered under (NAME_ZONE) and the mainnet RPC for ENS look-ups (ENS_RPC_URL). */
  names: { zone: string; ensRpcUrl: string | undefined };
  /** Analytics (`POST /e`): on or off (ANALYTICS_ENABLED, off by default), and the origins allowed to send. */
  analytics: { enabled: boolean; origins: string[] };
  /**
   * The on-ramp (`/v1/onramp/*`, `/v1/generators/onrampurl`): `local` is the API's own checkout that delivers on the
   * local chain from a funded account (ONRAMP_TREASURY_KEY); `coinbase` forwards to Coinbase Onramp's API; `off`
   * answers empty options. eurUsd: USD per EUR; publicUrl: the base of checkout links.
   */
  onramp: OnrampConfig;
  /** The CCIP-Read gateway (CCIP_SIGNER_KEY, CCIP_RESOLVER_ADDRESS, CCIP_TTL_SECONDS); undefined = off. */
  ccip: CcipConfig | undefined;
  /** Chainlink-style USD price feeds on the deployment's chain (PRICE_FEEDS, PRICE_FEED_MAX_AGE_SECONDS); none: pools only. */
  priceFeeds: PriceFeedConfig;
  /** The NFT-lending wallet snapshot from Solana (NFT_LENDING_WALLET, SOLANA_RPC_URL, SOLANA_SNAPSHOT_INTERVAL_SECONDS). */
  solana: SolanaConfig;
  /**
   * The embedded wallet (email, social and Farcaster login; `/v1/embedded/*`, `/v1/sessions/*`): EMBEDDED_SECRET,
   * SMTP_URL, EMAIL_FROM, EMBEDDED_FRAME_ORIGIN (added to the CORS origins), PUBLIC_API_URL, OIDC_PROVIDERS and the
   * FARCASTER_* variables.
   */
  embedded: EmbeddedConfig;
  /** Solana prices in `/v1/fungible/price`: mints worth 1 USD (SOLANA_USD_MINTS) and SOL/USD's feed (SOLANA_SOL_USD_FEED). */
  solanaPrices: SolanaPriceConfig;
};

/** Coinbase's API host (COINBASE_ONRAMP_BASE_URL overrides it, e.g. with a local stand-in). */
export const COINBASE_ONRAMP_BASE_URL = "https://api.developer.coinbase.com";

/**
 * ONRAMP_PROVIDER, else `local` on the local chain with a deployment and a treasury key, else `off`. An explicit
 * `local` needs ONRAMP_TREASURY_KEY; `coinbase` needs COINBASE_ONRAMP_API_KEY.
 */
function onrampConfig(e: z.infer<typeof envSchema>, deployment: Deployment | undefined): OnrampConfig {
  const chosen = e.ONRAMP_PROVIDER || undefined;
  const provider = chosen ?? (deployment?.chainId === LOCAL_CHAIN_ID && e.ONRAMP_TREASURY_KEY ? "local" : "off");
  // The local checkout simulates the payment and hands out the treasury's tokens to whoever creates an order: never
  // on a chain where tokens are worth something.
  if (provider === "local" && deployment && deployment.chainId !== LOCAL_CHAIN_ID)
    throw new ConfigError(
      `ONRAMP_PROVIDER: the local checkout simulates payments and gives tokens away; it runs only on the local chain (${LOCAL_CHAIN_ID}), not on chain ${deployment.chainId}`,
    );
  if (provider === "local" && !e.ONRAMP_TREASURY_KEY)
    throw new ConfigError("ONRAMP_TREASURY_KEY: the local on-ramp needs the private key of a funded account");
  if (provider === "coinbase" && !e.COINBASE_ONRAMP_API_KEY)
    throw new ConfigError("COINBASE_ONRAMP_API_KEY: the Coinbase on-ramp needs an API key");
  return {
    provider,
    treasuryKey: e.ONRAMP_TREASURY_KEY as `0x${string}` | undefined,
    eurUsd: e.ONRAMP_EUR_USD,
    publicUrl: (e.ONRAMP_PUBLIC_URL ?? `http://${e.API_HOST}:${e.API_PORT}`).replace(/\/+$/, ""),
    coinbase: { apiKey: e.COINBASE_ONRAMP_API_KEY, baseUrl: e.COINBASE_ONRAMP_BASE_URL ?? COINBASE_ONRAMP_BASE_URL },
  };
}

/** Raised for an invalid environment, listing every bad variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

function parseRpcUrls(env: z.infer<typeof envSchema>): Map<number, string> {
  const urls = new Map<number, string>([[LOCAL_CHAIN_ID, LOCAL_RPC_URL]]);
  for (const entry of (env.RPC_URLS ?? "").split(",").filter((item) => item.trim())) {
    const match = /^\s*(\d+)\s*=\s*(\S+)\s*$/.exec(entry);
    if (!match?.[1] || !match[2]) throw new ConfigError(`RPC_URLS: "${entry}" is not chainId=url`);
    urls.set(Number(match[1]), match[2]);
  }
  if (env.RPC_URL) urls.set(fundChainId(env), env.RPC_URL);
  return urls;
}

/** `CHAIN_ID`, else Sepolia when a fund address is given (as `deploymentFromEnv` reads it), else the local chain. */
function fundChainId(env: z.infer<typeof envSchema>): number {
  return env.CHAIN_ID ?? (env.FUND_ADDRESS ? 11_155_111 : LOCAL_CHAIN_ID);
}

function resolveDeployment(env: z.infer<typeof envSchema>): Deployment | undefined {
  const fromEnv = deploymentFromEnv({
    FUND_ADDRESS: env.FUND_ADDRESS,
    CHAIN_ID: env.CHAIN_ID === undefined ? undefined : String(env.CHAIN_ID),
    TOKEN_ADDRESS: env.TOKEN_ADDRESS,
    DEPLOYMENT_BLOCK: env.DEPLOYMENT_BLOCK,
    DEX_ROUTER_ADDRESS: env.DEX_ROUTER_ADDRESS,
    DEX_FACTORY_ADDRESS: env.DEX_FACTORY_ADDRESS,
    WETH_ADDRESS: env.WETH_ADDRESS,
  });
  if (fromEnv) return fromEnv;
  if (fundChainId(env) !== LOCAL_CHAIN_ID) return undefined;
  try {
    return loadDeployment(LOCAL_CHAIN_ID);
  } catch {
    return undefined; // no local deployment file: the history route answers empty pages
  }
}

function parseSwapTokens(value: string | undefined): Address[] | undefined {
  if (!value) return undefined;
  const items = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of items)
    if (!isAddress(item, { strict: false })) throw new ConfigError(`SWAP_TOKENS: ${item} is not an address`);
  return items.map((item) => getAddress(item));
}

/** Reads the configuration once from `env` (process.env by default); throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${lines.join("; ")}`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR ?? join(REPO_ROOT, ".data");
  const deployment = resolveDeployment(e);
  return {
    host: e.API_HOST,
    port: e.API_PORT,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR ?? join(dataDir, "api-pglite"),
    bybit: {
      credentials:
        e.BYBIT_API_KEY && e.BYBIT_API_SECRET ? { apiKey: e.BYBIT_API_KEY, secret: e.BYBIT_API_SECRET } : undefined,
      syncStartMs: e.BYBIT_SYNC_START ?? Date.now() - 365 * DAY_MS,
      baseUrl: e.BYBIT_BASE_URL,
    },
    syncIntervalMs: e.SYNC_INTERVAL_SECONDS * 1000,
    historyIntervalMs: e.HISTORY_INTERVAL_SECONDS * 1000,
    adminToken: e.ADMIN_TOKEN,
    metricsToken: e.METRICS_TOKEN,
    demoData: e.DEMO_DATA,
    webOrigins: e.WEB_ORIGIN,
    siweDomains: e.SIWE_DOMAINS,
    cookieSecure: e.COOKIE_SECURE,
    rpcUrls: parseRpcUrls(e),
    deployment,
    trustProxy: e.TRUST_PROXY,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS, flushEveryMs: e.RATE_LIMIT_FLUSH_MS },
    cacheTtlMs: e.CACHE_TTL_MS,
    databaseTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      queryMs: e.DB_QUERY_TIMEOUT_MS,
    },
    historyConfirmations: e.HISTORY_CONFIRMATIONS,
    names: { zone: e.NAME_ZONE, ensRpcUrl: e.ENS_RPC_URL },
    swapTokens: parseSwapTokens(e.SWAP_TOKENS),
    analytics: {
      enabled: e.ANALYTICS_ENABLED,
      origins: e.ANALYTICS_ORIGINS
        ? e.ANALYTICS_ORIGINS.split(",")
            .map((item) => item.trim())
            .filter(Boolean)
        : e.WEB_ORIGIN,
    },
    onramp: onrampConfig(e, deployment),
    ccip: ccipConfig(e, (message) => {
      throw new ConfigError(message);
    }),
    priceFeeds: priceFeedConfig(e, (message) => {
      throw new ConfigError(message);
    }),
    embedded: embeddedConfig(e, (message) => {
      throw new ConfigError(message);
    }),
    solana: solanaConfig(e),
    solanaPrices: solanaPriceConfig(e, (message) => {
      throw new ConfigError(message);
    }),
  };
}
