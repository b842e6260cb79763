import { LOCAL_CHAIN_ID } from "@fundament/sdk";
import type { PublicClient } from "viem";

/**
 * The local checkout was asked to act on a chain other than the local dev chain (its RPC serves another chain, or an
 * order is for one): it must not send anything there.
 */
export class LocalChainError extends Error {
  override name = "LocalChainError";
  constructor(
    readonly served: number,
    readonly expected: number = LOCAL_CHAIN_ID,
    subject = "its RPC serves",
  ) {
    super(
      `ONRAMP_PROVIDER: the local checkout simulates payments and gives tokens away; it runs only on the local chain (${expected}), but ${subject} chain ${served}`,
    );
  }
}

/**
 * Asks the RPC which chain it serves (`eth_chainId`) and throws a `LocalChainError` unless it is `expected` (the local
 * dev chain). The configured chain id is not enough: an RPC_URL pointing at a real network would pass it. Errors of
 * the RPC itself (unreachable, timeout) are thrown as they are.
 */
export async function checkRpcChain(
  client: Pick<PublicClient, "getChainId">,
  expected: number = LOCAL_CHAIN_ID,
): Promise<void> {
  const served = await client.getChainId();
  if (served !== expected) throw new LocalChainError(served, expected);
}
