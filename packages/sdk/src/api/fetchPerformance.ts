import { ApiUnreachableError, FundamentError, RequestFailedError } from "../baseErrors.js";
import type { FuturesPerformance } from "../math/futuresYield.js";
import type { NftLendingPerformance } from "../math/nftLendingYield.js";
import { errorMessages } from "../messages.js";
import { apiUrl, type FetchOptions, fetchJson } from "./fetchJson.js";

const describe = (prefix: string, error: unknown) => {
  // No answer: the spec's text is kept for the log, and a person reads a plain sentence.
  if (error instanceof ApiUnreachableError)
    return new ApiUnreachableError(`${prefix}${error.message}`, { cause: error });
  if (error instanceof RequestFailedError && error.serverMessage)
    return new FundamentError(error.serverMessage, { cause: error });
  const detail = error instanceof Error ? error.message : String(error);
  return new FundamentError(`${prefix}${detail}`, { cause: error });
};

/**
 * `GET {api}/futures/performance`. Failures throw the server's detail, or 'Failed to fetch futures
 * performance: ...' (spec section 8).
 */
export async function fetchFuturesPerformance(api: string, options?: FetchOptions): Promise<FuturesPerformance> {
  try {
    return await fetchJson<FuturesPerformance>(apiUrl(api, "/futures/performance"), options);
  } catch (error) {
    throw describe(errorMessages.futuresPerformanceFailed, error);
  }
}

/**
 * `GET {api}/nft-lending/performance`. Failures throw the server's detail, or 'Failed to fetch NFT
 * lending performance: ...' (spec section 8).
 */
export async function fetchNftLendingPerformance(api: string, options?: FetchOptions): Promise<NftLendingPerformance> {
  try {
    return await fetchJson<NftLendingPerformance>(apiUrl(api, "/nft-lending/performance"), options);
  } catch (error) {
    throw describe(errorMessages.nftPerformanceFailed, error);
  }
}

export type VaultPerformance = { futures?: FuturesPerformance; nft?: NftLendingPerformance };

/**
 * Both performance payloads for `getVaults`. A failed fetch is logged and left out, so that vault
 * uses its static fallback yield (spec section 8).
 */
export async function fetchVaultPerformance(
  api: string,
  { log = console.warn, ...options }: FetchOptions & { log?: (message: string) => void } = {},
): Promise<VaultPerformance> {
  const [futures, nft] = await Promise.allSettled([
    fetchFuturesPerformance(api, options),
    fetchNftLendingPerformance(api, options),
  ]);
  const result: VaultPerformance = {};
  if (futures.status === "fulfilled") result.futures = futures.value;
  else log((futures.reason as Error).message);
  if (nft.status === "fulfilled") result.nft = nft.value;
  else log((nft.reason as Error).message);
  return result;
}
