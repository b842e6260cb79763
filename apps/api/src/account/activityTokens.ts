import type { Deployment } from "@fundament/sdk";

/** The native token's address in token ids and rows (as the spec's provider names it). */
export const NATIVE_TOKEN_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

/** The native token's metadata (the chains the fund runs on all pay gas in ether). */
export const NATIVE_TOKEN = { name: "Ether", symbol: "ETH", decimals: 18 } as const;

/**
 * The `log_index` of a native transfer: this base plus the transaction's index in its block (above any real log
 * index, within int4), so native transfers page with the same `(block, log)` keyset as token transfers.
 */
export const NATIVE_LOG_INDEX_BASE = 1_000_000_000;

/**
 * The `log_index` of the ether a DEX router pays out of a swap (a WETH `Withdrawal`, an internal transfer that no
 * top-level transaction shows): this base plus the `Withdrawal` log's index.
 */
export const SWAP_PAYOUT_LOG_INDEX_BASE = 1_500_000_000;

export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/** The optional DEX and token list of a deployment (absent on older deployment records: then undefined / []). */
type ActivityDeployment = Deployment & {
  dex?: { router?: string; weth?: string; factory?: string } | undefined;
  tokens?: readonly { address: string }[] | undefined;
};

/** The deployment's DEX router, lower-case, when it has one. */
export function dexRouterOf(deployment: Deployment | undefined): string | undefined {
  return (deployment as ActivityDeployment | undefined)?.dex?.router?.toLowerCase();
}

/** The deployment's wrapped ether (WETH), lower-case, when it has a DEX. */
export function wethOf(deployment: Deployment | undefined): string | undefined {
  return (deployment as ActivityDeployment | undefined)?.dex?.weth?.toLowerCase();
}

/**
 * The tokens the deployment vouches for (lower-case): its `tokens` list and the investment token. Transfers of any
 * other token are marked `spam`.
 */
export function listedTokensOf(deployment: Deployment | undefined, investmentToken?: string): Set<string> {
  const listed = new Set<string>();
  for (const token of (deployment as ActivityDeployment | undefined)?.tokens ?? []) {
    listed.add(token.address.toLowerCase());
  }
  if (deployment?.investmentToken) listed.add(deployment.investmentToken.toLowerCase());
  if (investmentToken) listed.add(investmentToken.toLowerCase());
  return listed;
}
