import { type Chain, createPublicClient, http, type PublicClient, type Transport } from "viem";
import { getChain } from "./getChain.js";

export type CreateFundPublicClientParameters = {
  chainId: number;
  /** RPC address; the chain's default when omitted. */
  rpcUrl?: string;
  /** A transport of your own (e.g. one that counts requests); `http(rpcUrl)` when omitted. */
  transport?: Transport;
};

/**
 * A public client whose concurrent contract reads are batched into one multicall per tick, so a
 * whole page of fund figures costs one JSON-RPC request. Chains without a Multicall3 contract (the
 * local anvil chain) use viem's deployless multicall, which sends the aggregator's bytecode with
 * the call instead.
 */
export function createFundPublicClient({ chainId, rpcUrl, transport }: CreateFundPublicClientParameters): PublicClient {
  const chain: Chain = getChain(chainId, rpcUrl);
  const deployless = !chain.contracts?.multicall3;
  return createPublicClient({
    chain,
    transport: transport ?? http(rpcUrl ?? chain.rpcUrls.default.http[0]),
    batch: { multicall: { deployless, wait: 0 } },
  }) as PublicClient;
}
