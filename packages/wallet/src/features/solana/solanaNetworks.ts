import type { CaipNetwork } from "../../core/network.js";
import { solanaLocal, solanaMainnet } from "./networks.js";
import type { SolanaConfig } from "./types.js";

/** The Solana networks of a config: its `networks`, else the local RPC's (with `genesisHash`), else mainnet. */
export function solanaNetworksOf(config: SolanaConfig): CaipNetwork[] {
  if (config.networks?.length) return [...config.networks];
  if (config.genesisHash) return [solanaLocal({ genesisHash: config.genesisHash, rpcUrl: config.rpcUrl })];
  return [solanaMainnet(config.rpcUrl)];
}
