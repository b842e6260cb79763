import type { Chain } from "viem";
import type { CaipNetworkId, ChainNamespace } from "./caip.js";

/** A chain network (spec section 3): a viem chain plus its family and CAIP-2 id. */
export type CaipNetwork = Chain & {
  chainNamespace: ChainNamespace;
  caipNetworkId: CaipNetworkId;
};

/** An EVM chain as a CAIP network. */
export function toCaipNetwork(chain: Chain): CaipNetwork {
  return { ...chain, chainNamespace: "eip155", caipNetworkId: `eip155:${chain.id}` };
}
