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
