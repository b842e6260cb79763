/** The CAIP-10 style id of a chain's native token (the spec's provider uses the 0xeeee… address). */
export const NATIVE_TOKEN_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

/** `eip155:<chainId>:0xeeee…` — the native token's id in the price and convert routes. */
export function nativeTokenId(chainId: number): string {
  return `eip155:${chainId}:${NATIVE_TOKEN_ADDRESS}`;
}
