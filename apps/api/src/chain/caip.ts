import { type Address, getAddress, isAddress } from "viem";

/** The address the API uses for a chain's native token (ETH), as the spec's provider does. */
export const NATIVE_TOKEN_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee" as const;

/** A CAIP-10 style token id split into its chain and address (`native` for 0xeeee…). */
export type TokenId = { chainId: number; address: Address; native: boolean };

const MAX_CHAIN_ID = 2_147_483_647;
const DIGITS = /^(0|[1-9][0-9]{0,9})$/;

/** A chain id from `eip155:<id>` or a bare `<id>`; undefined when it is neither (or outside 1..2^31-1). */
export function parseChainId(value: string): number | undefined {
  const digits = value.startsWith("eip155:") ? value.slice("eip155:".length) : value;
  if (!DIGITS.test(digits)) return undefined;
  const id = Number(digits);
  return id >= 1 && id <= MAX_CHAIN_ID ? id : undefined;
}

/** Parses `eip155:<chainId>:<address>`; undefined when malformed. */
export function parseTokenId(value: string): TokenId | undefined {
  const parts = value.split(":");
  if (parts.length !== 3 || parts[0] !== "eip155") return undefined;
  const chainId = parseChainId(parts[1] ?? "");
  const address = parts[2] ?? "";
  if (chainId === undefined || !isAddress(address, { strict: false })) return undefined;
  const native = address.toLowerCase() === NATIVE_TOKEN_ADDRESS;
  return { chainId, address: native ? NATIVE_TOKEN_ADDRESS : getAddress(address), native };
}

/** `eip155:<chainId>:<address>` (the native token keeps the lower-case 0xeeee… form). */
export function formatTokenId(chainId: number, address: string): string {
  const native = address.toLowerCase() === NATIVE_TOKEN_ADDRESS;
  return `eip155:${chainId}:${native ? NATIVE_TOKEN_ADDRESS : getAddress(address)}`;
}

/** `eip155:<chainId>`. */
export function formatChainId(chainId: number): string {
  return `eip155:${chainId}`;
}

/**
 * A Solana CAIP-10 token id: `reference` is the chain's CAIP-2 reference (the first 32 characters of its genesis
 * hash), `mint` the SPL mint (wrapped SOL, So111…112, for SOL). Both keep the case they were given in.
 */
export type SolanaTokenId = { reference: string; mint: string };

/** Base58 in either case: the price route lowercases ids, so `l` (from `L`) and `i` (from `I`) pass too. */
const SOLANA_REFERENCE = /^[1-9a-z]{32}$/i;
const SOLANA_MINT = /^[1-9a-z]{32,44}$/i;

/** Parses `solana:<reference>:<mint>` (any case); undefined when malformed. */
export function parseSolanaTokenId(value: string): SolanaTokenId | undefined {
  const parts = value.split(":");
  if (parts.length !== 3 || parts[0]?.toLowerCase() !== "solana") return undefined;
  const [, reference = "", mint = ""] = parts;
  return SOLANA_REFERENCE.test(reference) && SOLANA_MINT.test(mint) ? { reference, mint } : undefined;
}

/** `solana:<reference>:<mint>`. */
export function formatSolanaTokenId(reference: string, mint: string): string {
  return `solana:${reference}:${mint}`;
}
