import { type Address, type Client, erc20Abi } from "viem";
import { readContract } from "viem/actions";

export type TokenMeta = { symbol: string; decimals: number };

/** Reads token symbols and decimals over RPC, once per token. */
export function createTokenReader(client: Client) {
  const cache = new Map<string, Promise<TokenMeta | undefined>>();
  return (token: Address): Promise<TokenMeta | undefined> => {
    const key = token.toLowerCase();
    let entry = cache.get(key);
    if (!entry) {
      entry = Promise.all([
        readContract(client, { address: token, abi: erc20Abi, functionName: "symbol" }),
        readContract(client, { address: token, abi: erc20Abi, functionName: "decimals" }),
      ]).then(
        ([symbol, decimals]) => ({ symbol, decimals }),
        () => undefined,
      );
      cache.set(key, entry);
    }
    return entry;
  };
}
export type TokenReader = ReturnType<typeof createTokenReader>;
