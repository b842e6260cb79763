import type { FuturesPerformance, NftLendingPerformance } from "@fundament/sdk";

export type Snapshot = { takenAt: Date; value: number };

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** A UTC day as the spec's day/month/year ("21/11/2026"). */
export function dayMonthYear(time: Date): string {
  const dd = String(time.getUTCDate()).padStart(2, "0");
  const mm = String(time.getUTCMonth() + 1).padStart(2, "0");
  return `${dd}/${mm}/${time.getUTCFullYear()}`;
}

/** The last snapshot of each UTC day, oldest first (snapshots must be sorted by time). */
export function lastPerDay(snapshots: readonly Snapshot[]): Snapshot[] {
  const days = new Map<string, Snapshot>();
  for (const snapshot of snapshots) days.set(snapshot.takenAt.toISOString().slice(0, 10), snapshot);
  return [...days.values()];
}

/**
 * The futures performance payload (spec section 3): initial and current TVL in USD and one record per day
 * with its date in day/month/year form, the equity and the day's change.
 */
export function buildFuturesPerformance(
  snapshots: readonly Snapshot[],
  error: string | null,
  source: string,
): FuturesPerformance & { source: string } {
  const days = lastPerDay(snapshots);
  const first = days[0];
  const last = days.at(-1);
  const performance_records = days.map((day, index) => {
    const previous = days[index - 1]?.value ?? day.value;
    const pnl = day.value - previous;
    return {
      date: dayMonthYear(day.takenAt),
      timestamp: Math.floor(day.takenAt.getTime() / 1000),
      tvl_usd: round(day.value, 2),
      pnl_usd: round(pnl, 2),
      pnl_percent: previous === 0 ? 0 : round((pnl / previous) * 100, 4),
    };
  });
  return {
    initial_tvl_usd: first ? round(first.value, 2) : 0,
    current_tvl_usd: last ? round(last.value, 2) : 0,
    performance_records,
    error: days.length === 0 ? error : null,
    source,
  };
}

/**
 * The NFT lending performance payload (spec section 3): a summary with the total profit in SOL over the
 * period, and the chart points (total SOL value, timestamp in seconds).
 */
export function buildNftLendingPerformance(
  snapshots: readonly Snapshot[],
  error: string | null,
  source: string,
): NftLendingPerformance & { source: string } {
  const first = snapshots[0];
  const last = snapshots.at(-1);
  const profit = first && last ? last.value - first.value : 0;
  return {
    summary:
      first && last
        ? {
            total_profit_sol: round(profit, 6),
            initial_sol_value: round(first.value, 6),
            current_sol_value: round(last.value, 6),
            return_percent: first.value === 0 ? 0 : round((profit / first.value) * 100, 4),
            first_timestamp: Math.floor(first.takenAt.getTime() / 1000),
            last_timestamp: Math.floor(last.takenAt.getTime() / 1000),
            points: snapshots.length,
          }
        : null,
    performance_chart_data: snapshots.map((s) => ({
      total_sol_value: round(s.value, 6),
      timestamp: Math.floor(s.takenAt.getTime() / 1000),
    })),
    error: snapshots.length === 0 ? error : null,
    source,
  };
}
