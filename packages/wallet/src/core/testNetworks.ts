import { defineChain } from "viem";
import { foundry, mainnet, sepolia } from "viem/chains";
import type { CaipNetwork } from "./network.js";
import { toCaipNetwork } from "./network.js";

/** Networks used by the unit tests. */
export const anvilNetwork = toCaipNetwork(foundry);
export const sepoliaNetwork = toCaipNetwork(sepolia);
export const mainnetNetwork = toCaipNetwork(mainnet);
export const solanaNetwork: CaipNetwork = {
  ...defineChain({
    id: 101 as number,
    name: "Solana",
    nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
    rpcUrls: { default: { http: ["http://127.0.0.1:8899"] } },
  }),
  chainNamespace: "solana",
  caipNetworkId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
};
