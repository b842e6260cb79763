import { type CaipNetwork, referenceId } from "../../core/network.js";

/** A Solana cluster's CAIP-2 reference: the first 32 characters of its genesis hash. */
export function solanaReference(genesisHash: string): string {
  return genesisHash.slice(0, 32);
}

/** A Solana cluster: its genesis hash, name and RPC. */
export type SolanaNetworkParameters = {
  /** The cluster's genesis hash (or already its 32-character reference). */
  genesisHash: string;
  name: string;
  rpcUrl: string;
  testnet?: boolean | undefined;
  explorerUrl?: string | undefined;
};

/**
 * A Solana cluster as a chain network: `chainNamespace` solana, `caipNetworkId` `solana:<genesis32>`, SOL with 9
 * decimals. Its `id` is the CAIP-2 reference (a string: Solana has no numeric chain id).
 */
export function solanaNetwork(p: SolanaNetworkParameters): CaipNetwork {
  const reference = solanaReference(p.genesisHash);
  return {
    id: referenceId(reference),
    name: p.name,
    nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
    rpcUrls: { default: { http: [p.rpcUrl] } },
    ...(p.explorerUrl ? { blockExplorers: { default: { name: "Solana Explorer", url: p.explorerUrl } } } : {}),
    testnet: p.testnet ?? false,
    chainNamespace: "solana",
    caipNetworkId: `solana:${reference}`,
  } as CaipNetwork;
}

/** CAIP-2 id of Solana mainnet-beta. */
export const SOLANA_MAINNET_ID = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
/** CAIP-2 id of Solana devnet. */
export const SOLANA_DEVNET_ID = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
/** CAIP-2 id of Solana testnet. */
export const SOLANA_TESTNET_ID = "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z";

/** Solana mainnet-beta. */
export function solanaMainnet(rpcUrl = "https://api.mainnet-beta.solana.com"): CaipNetwork {
  return solanaNetwork({
    genesisHash: SOLANA_MAINNET_ID.slice(7),
    name: "Solana",
    rpcUrl,
    explorerUrl: "https://explorer.solana.com",
  });
}

/** Solana devnet. */
export function solanaDevnet(rpcUrl = "https://api.devnet.solana.com"): CaipNetwork {
  return solanaNetwork({ genesisHash: SOLANA_DEVNET_ID.slice(7), name: "Solana Devnet", rpcUrl, testnet: true });
}

/** Solana testnet. */
export function solanaTestnet(rpcUrl = "https://api.testnet.solana.com"): CaipNetwork {
  return solanaNetwork({ genesisHash: SOLANA_TESTNET_ID.slice(7), name: "Solana Testnet", rpcUrl, testnet: true });
}

/** The local Solana RPC (LiteSVM-backed, `npm start`): its CAIP-2 id comes from its genesis hash. */
export function solanaLocal(p: { genesisHash: string; rpcUrl?: string | undefined }): CaipNetwork {
  return solanaNetwork({
    genesisHash: p.genesisHash,
    name: "Solana Local",
    rpcUrl: p.rpcUrl ?? "http://127.0.0.1:8899",
    testnet: true,
  });
}

/** The Wallet Standard chain of a network (`solana:mainnet`, `solana:devnet`, `solana:testnet`, else its CAIP-2 id). */
export function walletStandardChain(network: CaipNetwork): `solana:${string}` {
  if (network.caipNetworkId === SOLANA_MAINNET_ID) return "solana:mainnet";
  if (network.caipNetworkId === SOLANA_DEVNET_ID) return "solana:devnet";
  if (network.caipNetworkId === SOLANA_TESTNET_ID) return "solana:testnet";
  return network.caipNetworkId as `solana:${string}`;
}

/** Whether a wallet's chain (`solana:devnet`, `solana:<genesis32>`, …) is the network. */
export function isSameSolanaChain(chain: string, network: CaipNetwork): boolean {
  return chain === network.caipNetworkId || chain === walletStandardChain(network);
}
