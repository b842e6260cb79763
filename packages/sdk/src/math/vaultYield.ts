import { type FuturesPerformance, futuresYield } from "./futuresYield.js";
import { type NftLendingPerformance, nftLendingYield } from "./nftLendingYield.js";

/**
 * A vault's yield with the spec's fallback (section 7): the static yield when fetching failed or the
 * payload carries an error.
 */
export function vaultYield(kind: "futures", performance: FuturesPerformance | undefined, fallbackYield: number): number;
export function vaultYield(kind: "nft", performance: NftLendingPerformance | undefined, fallbackYield: number): number;
export function vaultYield(
  kind: "futures" | "nft",
  performance: FuturesPerformance | NftLendingPerformance | undefined,
  fallbackYield: number,
): number {
  if (!performance || performance.error) return fallbackYield;
  try {
    const value =
      kind === "futures"
        ? futuresYield(performance as FuturesPerformance)
        : nftLendingYield(performance as NftLendingPerformance);
    return Number.isFinite(value) ? value : fallbackYield;
  } catch {
    return fallbackYield;
  }
}
