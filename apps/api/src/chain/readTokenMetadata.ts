import { type Address, type Client, erc20Abi } from "viem";
import { readContract } from "viem/actions";
import type { tokenMetadata } from "../db/schema.js";

export type TokenMetadataRow = typeof tokenMetadata.$inferInsert;

/**
 * A token's name, symbol and decimals, each null when the contract does not answer it (a non-standard token, a
 * `bytes32` symbol): read once per token by the indexer and stored.
 */
export async function readTokenMetadata(client: Client, chainId: number, token: string): Promise<TokenMetadataRow> {
  const read = <const name extends "name" | "symbol" | "decimals">(functionName: name) =>
    readContract(client, { address: token as Address, abi: erc20Abi, functionName }).catch(() => null);
  const [name, symbol, decimals] = await Promise.all([read("name"), read("symbol"), read("decimals")]);
  return {
    chainId,
    address: token.toLowerCase(),
    name: typeof name === "string" ? clip(name) : null,
    symbol: typeof symbol === "string" ? clip(symbol) : null,
    decimals: typeof decimals === "number" && decimals <= 255 ? decimals : null,
  };
}

/** Token-chosen text, cut to a sane length and stripped of control characters. */
function clip(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
  return text.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 64);
}
