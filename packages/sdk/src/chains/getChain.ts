import type { Chain } from "viem";
import { sepolia } from "viem/chains";
import { FundamentError } from "../baseErrors.js";
import { LOCAL_CHAIN_ID, localChain } from "./localChain.js";

/** Chain ids the fund is deployed on: the local anvil chain and Sepolia, the spec's public test network. */
export const SUPPORTED_CHAIN_IDS = [LOCAL_CHAIN_ID, sepolia.id] as const;
export type SupportedChainId = (typeof SUPPORTED_CHAIN_IDS)[number];

export function isSupportedChainId(chainId: number): chainId is SupportedChainId {
  return (SUPPORTED_CHAIN_IDS as readonly number[]).includes(chainId);
}

/**
 * The viem chain for `chainId`, with `rpcUrl` as its default RPC when given (Sepolia's public
 * default is replaced so that no third-party host is contacted unless configured).
 */
export function getChain(chainId: number, rpcUrl?: string): Chain {
  if (chainId === LOCAL_CHAIN_ID) return localChain(rpcUrl);
  if (chainId === sepolia.id) {
    return rpcUrl ? { ...sepolia, rpcUrls: { default: { http: [rpcUrl] } } } : sepolia;
  }
  throw new FundamentError(`Chain ${chainId} is not supported. Use the local chain (31337) or Sepolia (11155111).`);
}
