import { defineChain } from "viem";
import { foundry } from "viem/chains";

/** Chain id of the local anvil chain (`npm start`). */
export const LOCAL_CHAIN_ID = 31337;

/** Default RPC address of the local chain. */
export const LOCAL_RPC_URL = "http://127.0.0.1:8545";

/**
 * The local anvil chain (31337) at `rpcUrl`. It has no Multicall3 contract, so reads that batch
 * use viem's deployless multicall (see `createFundPublicClient`).
 */
export function localChain(rpcUrl: string = LOCAL_RPC_URL) {
  return defineChain({
    ...foundry,
    name: "Local chain (anvil)",
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}
