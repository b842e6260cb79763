// @ts-check
/** viem clients for a JSON-RPC endpoint, and small environment-parsing helpers. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createPublicClient, defineChain, http } from "viem";
import { foundry, mainnet, sepolia } from "viem/chains";
import { ROOT } from "./paths.mjs";

/** @type {Record<number, import("viem").Chain>} */
const KNOWN_CHAINS = { [foundry.id]: foundry, [sepolia.id]: sepolia, [mainnet.id]: mainnet };

/**
 * A viem chain object for `chainId` whose default RPC is `rpcUrl`.
 * @param {number} chainId
 * @param {string} rpcUrl
 * @returns {import("viem").Chain}
 */
export function chainFor(chainId, rpcUrl) {
  const known = KNOWN_CHAINS[chainId];
  return defineChain({
    ...(known ?? { name: `Chain ${chainId}`, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 } }),
    id: chainId,
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/**
 * Asks the endpoint for its chain id and returns a public client bound to that chain.
 * @param {string} rpcUrl
 */
export async function connect(rpcUrl) {
  const probe = createPublicClient({ transport: http(rpcUrl) });
  const chainId = await probe.getChainId();
  const chain = chainFor(chainId, rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  return { chainId, chain, publicClient };
}

/**
 * Loads `.env` from the repository root into `process.env` when it exists (variables already
 * set in the environment win).
 */
export function loadDotEnv() {
  const file = join(ROOT, ".env");
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * Parses an unsigned integer from the environment (`1_000_000` style separators allowed).
 * @param {string} name
 * @param {string | undefined} value
 * @returns {bigint | undefined}
 */
export function parseUintEnv(name, value) {
  if (value === undefined || value.trim() === "") return undefined;
  const clean = value.trim().replaceAll("_", "");
  if (!/^\d+$/.test(clean)) throw new Error(`${name} must be a whole number, got "${value}"`);
  return BigInt(clean);
}

/**
 * A `0x` address from the environment, or undefined when unset.
 * @param {string} name
 * @param {string | undefined} value
 * @returns {import("viem").Address | undefined}
 */
export function parseAddressEnv(name, value) {
  if (value === undefined || value.trim() === "") return undefined;
  const clean = value.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(clean)) throw new Error(`${name} must be a 0x-prefixed 20-byte address`);
  return /** @type {import("viem").Address} */ (clean);
}
