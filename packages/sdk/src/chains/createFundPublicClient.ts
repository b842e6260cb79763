import { type Chain, createPublicClient, http, type PublicClient, type Transport } from "viem";
import { getChain } from "./getChain.js";

/** Calldata bytes per batched multicall. */
export const MULTICALL_BATCH_BYTES = 16_384;

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
 * the call instead. A batch holds up to 16 KiB of calldata (viem's default is 1 KiB), so the vault and pool reads of a
 * page (some hundreds of pools) still fit in one request.
 */
export function createFundPublicClient({ chainId, rpcUrl, transport }: CreateFundPublicClientParameters): PublicClient {
  const chain: Chain = getChain(chainId, rpcUrl);
  const deployless = !chain.contracts?.multicall3;
  return createPublicClient({
    chain,
    transport: transport ?? http(rpcUrl ?? chain.rpcUrls.default.http[0]),
    batch: { multicall: { deployless, wait: 0, batchSize: MULTICALL_BATCH_BYTES } },
  }) as PublicClient;
}
