import { type Deployment, getChain, isSupportedChainId, parseDeployment } from "@fundament/sdk";

/** What the app reads from `/config.json` before it renders (served by scripts/lib/serve-web.mjs, or vite dev). */
export type AppConfig = {
  chainId: number;
  rpcUrl: string;
  apiUrl: string;
  deployment: Deployment;
  walletConnectProjectId?: string;
  /** Offer the Coinbase Wallet SDK connector (its SDK contacts Coinbase, so it is opt-in). */
  coinbaseWallet?: boolean;
  /** The wallet's Solana family (absent: no Solana anywhere): its JSON-RPC, network and SPL token. */
  solana?: SolanaAppConfig;
  /** The wallet's bitcoin family (absent: no bitcoin anywhere): an Esplora-style balance API and the network. */
  bitcoin?: BitcoinAppConfig;
  /** The embedded wallet (login by email, social account, Farcaster) through its secure frame; absent: not offered. */
  embedded?: EmbeddedAppConfig;
};

/** The optional `embedded` block of /config.json: the secure frame's page, the configured logins. */
export type EmbeddedAppConfig = { frameUrl: string; socialProviders?: string[]; farcaster?: boolean };

/** The social providers the wallet knows (spec: google, github, apple, facebook, x, discord). */
const SOCIAL_PROVIDERS = ["google", "github", "apple", "facebook", "x", "discord"];

/** The optional `embedded` block, checked field by field. */
function parseEmbeddedConfig(input: unknown): EmbeddedAppConfig {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new ConfigError("config.json: embedded must be an object with frameUrl.");
  }
  const record = input as Record<string, unknown>;
  const embedded: EmbeddedAppConfig = { frameUrl: url(record.frameUrl, "embedded.frameUrl") };
  if (record.socialProviders !== undefined) {
    const list = record.socialProviders;
    if (!Array.isArray(list) || list.some((p) => typeof p !== "string" || !SOCIAL_PROVIDERS.includes(p))) {
      throw new ConfigError(
        `config.json: embedded.socialProviders must be a list of ${SOCIAL_PROVIDERS.join(", ")}, got ${JSON.stringify(list)}.`,
      );
    }
    embedded.socialProviders = list as string[];
  }
  if (record.farcaster !== undefined) {
    if (typeof record.farcaster !== "boolean") {
      throw new ConfigError(
        `config.json: embedded.farcaster must be true or false, got ${JSON.stringify(record.farcaster)}.`,
      );
    }
    embedded.farcaster = record.farcaster;
  }
  return embedded;
}

/** The optional `bitcoin` block of /config.json (npm start: BITCOIN_BALANCE_API_URL and BITCOIN_NETWORK). */
export type BitcoinAppConfig = { balanceApiUrl: string; network: "mainnet" | "testnet" | "regtest" };

/** The optional `solana` block of /config.json (npm start: the local Solana RPC, scripts/lib/solana.mjs). */
export type SolanaAppConfig = {
  rpcUrl: string;
  /** The RPC's genesis hash: names a local network `solana:<first 32 characters>`. */
  genesisHash?: string;
  /** The SPL token the wallet names (balances, Send). */
  mint?: { address: string; symbol: string; name?: string; decimals: number };
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

const url = (value: unknown, field: string): string => {
  if (typeof value !== "string" || !/^https?:\/\//.test(value)) {
    throw new ConfigError(`config.json: ${field} must be an http(s) address, got ${JSON.stringify(value)}.`);
  }
  return value.replace(/\/+$/, "");
};

/** A base58 Solana address or hash (32 bytes: 32 to 44 characters). */
const BASE58_32 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

const base58Field = (value: unknown, field: string): string => {
  if (typeof value !== "string" || !BASE58_32.test(value)) {
    throw new ConfigError(
      `config.json: ${field} must be a base58 Solana address or hash, got ${JSON.stringify(value)}.`,
    );
  }
  return value;
};

/** The optional `bitcoin` block, checked field by field. */
function parseBitcoinConfig(input: unknown): BitcoinAppConfig {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new ConfigError("config.json: bitcoin must be an object with balanceApiUrl and network.");
  }
  const record = input as Record<string, unknown>;
  const network = record.network;
  if (network !== "mainnet" && network !== "testnet" && network !== "regtest") {
    throw new ConfigError(
      `config.json: bitcoin.network must be mainnet, testnet or regtest, got ${JSON.stringify(network)}.`,
    );
  }
  return { balanceApiUrl: url(record.balanceApiUrl, "bitcoin.balanceApiUrl"), network };
}

/** The optional `solana` block, checked field by field. */
function parseSolanaConfig(input: unknown): SolanaAppConfig {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new ConfigError("config.json: solana must be an object with rpcUrl.");
  }
  const record = input as Record<string, unknown>;
  const solana: SolanaAppConfig = { rpcUrl: url(record.rpcUrl, "solana.rpcUrl") };
  if (record.genesisHash !== undefined) solana.genesisHash = base58Field(record.genesisHash, "solana.genesisHash");
  if (record.mint !== undefined) {
    const mint = record.mint as Record<string, unknown> | null;
    if (typeof mint !== "object" || mint === null || Array.isArray(mint)) {
      throw new ConfigError("config.json: solana.mint must be an object with address, symbol and decimals.");
    }
    if (typeof mint.symbol !== "string" || !mint.symbol.trim()) {
      throw new ConfigError(`config.json: solana.mint.symbol must be a text, got ${JSON.stringify(mint.symbol)}.`);
    }
    if (mint.name !== undefined && typeof mint.name !== "string") {
      throw new ConfigError(`config.json: solana.mint.name must be a text, got ${JSON.stringify(mint.name)}.`);
    }
    const decimals = mint.decimals;
    if (typeof decimals !== "number" || !Number.isInteger(decimals) || decimals < 0 || decimals > 18) {
      throw new ConfigError(
        `config.json: solana.mint.decimals must be a whole number from 0 to 18, got ${JSON.stringify(decimals)}.`,
      );
    }
    solana.mint = {
      address: base58Field(mint.address, "solana.mint.address"),
      symbol: mint.symbol,
      ...(typeof mint.name === "string" ? { name: mint.name } : {}),
      decimals,
    };
  }
  return solana;
}

/** Validates the runtime config; throws a ConfigError that says which field is wrong. */
export function parseAppConfig(input: unknown): AppConfig {
  if (typeof input !== "object" || input === null) throw new ConfigError("config.json is not a JSON object.");
  const record = input as Record<string, unknown>;
  const chainId = Number(record.chainId);
  if (!Number.isSafeInteger(chainId) || !isSupportedChainId(chainId)) {
    throw new ConfigError(
      `config.json: chain ${JSON.stringify(record.chainId)} is not supported (use 31337 for the local chain or 11155111 for Sepolia).`,
    );
  }
  let deployment: Deployment;
  try {
    deployment = parseDeployment(record.deployment);
  } catch (error) {
    throw new ConfigError(`config.json: ${(error as Error).message}`);
  }
  if (deployment.chainId !== chainId) {
    throw new ConfigError(`config.json: the deployment is for chain ${deployment.chainId}, not ${chainId}.`);
  }
  const config: AppConfig = {
    chainId,
    rpcUrl: url(record.rpcUrl, "rpcUrl"),
    apiUrl: url(record.apiUrl, "apiUrl"),
    deployment,
  };
  if (typeof record.walletConnectProjectId === "string" && record.walletConnectProjectId) {
    config.walletConnectProjectId = record.walletConnectProjectId;
  }
  if (record.coinbaseWallet === true) config.coinbaseWallet = true;
  if (record.solana !== undefined) config.solana = parseSolanaConfig(record.solana);
  if (record.bitcoin !== undefined) config.bitcoin = parseBitcoinConfig(record.bitcoin);
  if (record.embedded !== undefined) config.embedded = parseEmbeddedConfig(record.embedded);
  return config;
}

/** One fetch of `/config.json` (never cached), validated. */
export async function loadAppConfig(fetchFn: typeof fetch = fetch, path = "/config.json"): Promise<AppConfig> {
  let response: Response;
  try {
    response = await fetchFn(path, { cache: "no-store", headers: { accept: "application/json" } });
  } catch (error) {
    throw new ConfigError(`Could not load ${path}: ${(error as Error).message}`);
  }
  if (!response.ok) {
    let detail = "";
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === "string") detail = `: ${body.message}`;
    } catch {
      detail = "";
    }
    throw new ConfigError(`Could not load ${path} (HTTP ${response.status})${detail}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError(`${path} is not valid JSON.`);
  }
  return parseAppConfig(body);
}

/** The viem chain of the config, with its RPC. */
export function configChain(config: AppConfig) {
  return getChain(config.chainId, config.rpcUrl);
}
