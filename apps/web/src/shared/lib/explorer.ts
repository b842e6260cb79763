import type { Hash } from "viem";

const EXPLORERS: Record<number, string> = { 11155111: "https://sepolia.etherscan.io" };

/** The block explorer page of a transaction; null on the local chain, which has no explorer (show the hash). */
export function explorerTxUrl(chainId: number, hash: Hash): string | null {
  const base = EXPLORERS[chainId];
  return base ? `${base}/tx/${hash}` : null;
}

/** The block explorer page of an address; null on the local chain. */
export function explorerAddressUrl(chainId: number, address: string): string | null {
  const base = EXPLORERS[chainId];
  return base ? `${base}/address/${address}` : null;
}
