import type { Chain } from "viem";
import type { CaipNetworkId, ChainNamespace } from "./caip.js";

/** A chain network (spec section 3): a viem chain plus its family and CAIP-2 id. */
export type CaipNetwork = Chain & {
  chainNamespace: ChainNamespace;
  caipNetworkId: CaipNetworkId;
};

/**
 * The `id` of a network outside EVM (Solana, bitcoin): its CAIP-2 reference, a string. viem's `Chain` types `id` as a
 * number, so the string is carried under that type (views read such ids only as `String(id)`).
 */
export function referenceId(reference: string): number {
  // The one place a non-EVM network's string id is typed as viem's numeric chain id (see above).
  return reference as unknown as number;
}

/** An EVM chain as a CAIP network. */
export function toCaipNetwork(chain: Chain): CaipNetwork {
  return { ...chain, chainNamespace: "eip155", caipNetworkId: `eip155:${chain.id}` };
}
