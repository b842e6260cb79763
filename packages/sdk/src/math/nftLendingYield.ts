import { annualise } from "./annualise.js";
import { Decimal } from "./decimal.js";

export type NftLendingPoint = { total_sol_value: number | string; timestamp: number | string };
export type NftLendingPerformance = {
  summary: { total_profit_sol: number | string; [field: string]: unknown } | null;
  performance_chart_data: NftLendingPoint[] | null;
  error?: string | null;
};

/** A chart timestamp in seconds (spec section 9), from a number, a numeric string or an ISO date. */
export function pointTimeSeconds(timestamp: number | string): number {
  if (typeof timestamp === "number") return timestamp;
  const numeric = Number(timestamp);
  return Number.isFinite(numeric) ? numeric : Date.parse(timestamp) / 1000;
}

/**
 * Annualised yield of the NFT lending vault (spec section 7): total profit / average total value,
 * annualised over the days between the first and last point (at least 1). 0 when the summary is missing
 * or there are fewer than 2 points.
 */
export function nftLendingYield(performance: NftLendingPerformance): number {
  const points = performance.performance_chart_data ?? [];
  if (!performance.summary || points.length < 2) return 0;
  const values = points.map((p) => new Decimal(p.total_sol_value));
  const average = Decimal.sum(...values).div(values.length);
  if (average.isZero()) return 0;
  const times = points.map((p) => pointTimeSeconds(p.timestamp));
  const days = (Math.max(...times) - Math.min(...times)) / 86_400;
  return annualise(new Decimal(performance.summary.total_profit_sol).div(average), days);
}
