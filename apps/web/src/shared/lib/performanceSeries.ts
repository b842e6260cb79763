import {
  type FuturesPerformance,
  type NftLendingPerformance,
  parseDayMonthYear,
  pointTimeSeconds,
} from "@fundament/sdk";

/** One point of a time series: `time` in seconds (spec section 9), `value` a number. */
export type SeriesPoint = { time: number; value: number };

export type ChartRange = "7D" | "30D" | "90D" | "All";
export const CHART_RANGES: readonly ChartRange[] = ["7D", "30D", "90D", "All"];
const RANGE_DAYS: Record<ChartRange, number> = { "7D": 7, "30D": 30, "90D": 90, All: Number.POSITIVE_INFINITY };

const numeric = (value: unknown): number | undefined => {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
};

/** Column names that hold a time, not a figure. */
const TIME_COLUMN = /^(timestamp|time|ts|datetime)$|_(at|time|timestamp)$/i;

/** The numeric columns of the futures records, in their order ("date" and time columns excluded). */
export function futuresColumns(performance: FuturesPerformance | undefined): string[] {
  const columns: string[] = [];
  for (const record of performance?.performance_records ?? []) {
    for (const [key, value] of Object.entries(record)) {
      // The record's date says when; a raw timestamp beside it is not a figure to show.
      if (key === "date" || TIME_COLUMN.test(key)) continue;
      if (numeric(value) !== undefined && !columns.includes(key)) columns.push(key);
    }
  }
  return columns;
}

/** Which futures column the chart draws: the first that names a TVL, balance, equity or value; else the first numeric one. */
export function futuresValueColumn(performance: FuturesPerformance | undefined): string | undefined {
  const columns = futuresColumns(performance);
  return columns.find((c) => /tvl|balance|equity|value|nav/i.test(c)) ?? columns[0];
}

/** The futures vault's series: each record's date (day/month/year) and its value column; bad rows are left out. */
export function futuresSeries(performance: FuturesPerformance | undefined): SeriesPoint[] {
  const column = futuresValueColumn(performance);
  if (!column) return [];
  const points: SeriesPoint[] = [];
  for (const record of performance?.performance_records ?? []) {
    const ms = parseDayMonthYear(record.date);
    const value = numeric(record[column]);
    if (!Number.isNaN(ms) && value !== undefined) points.push({ time: ms / 1000, value });
  }
  return sortUnique(points);
}

/** The NFT lending vault's series: total SOL value over time. */
export function nftSeries(performance: NftLendingPerformance | undefined): SeriesPoint[] {
  const points: SeriesPoint[] = [];
  for (const point of performance?.performance_chart_data ?? []) {
    const time = pointTimeSeconds(point.timestamp);
    const value = numeric(point.total_sol_value);
    if (Number.isFinite(time) && value !== undefined) points.push({ time: Math.floor(time), value });
  }
  return sortUnique(points);
}

/** Ascending by time, one point per time (the last wins), as charts need. */
function sortUnique(points: SeriesPoint[]): SeriesPoint[] {
  const byTime = new Map<number, SeriesPoint>();
  for (const point of points) byTime.set(point.time, point);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** The points within the range, counted back from the latest point. */
export function filterRange(points: readonly SeriesPoint[], range: ChartRange): SeriesPoint[] {
  const last = points.at(-1);
  if (!last || range === "All") return [...points];
  const from = last.time - RANGE_DAYS[range] * 86_400;
  return points.filter((p) => p.time >= from);
}

/** Change from the first to the last point of a series, in percent (0 for fewer than 2 points or a zero start). */
export function seriesChangePercent(points: readonly SeriesPoint[]): number {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2 || first.value === 0) return 0;
  return ((last.value - first.value) / Math.abs(first.value)) * 100;
}

/** "current_tvl_usd" → "Current TVL (USD)", "totalSolValue" → "Total SOL value". */
export function columnLabel(column: string): string {
  const words = column
    .replaceAll("_", " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/\btvl\b/g, "TVL")
    .replace(/\bpnl\b/g, "PnL")
    .replace(/ usd$/, " (USD)")
    .replace(/ sol$/, " (SOL)")
    .replace(/\bsol\b/g, "SOL")
    .replace(/\busd\b/g, "USD");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MINUS_SIGN = "−";
const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A record's value as its column reads it, one format per column: two decimals with thousands separators
 * ("267,108.20"); a profit or loss signed with a real minus ("−1,624.90", "+2,925.74"); a percent signed with "%"
 * ("+1.11%", "−0.62%"); "—" when it is not a number.
 */
export function columnValue(column: string, value: unknown): string {
  const n = typeof value === "number" ? value : Number(value);
  if (value === null || value === undefined || value === "" || !Number.isFinite(n)) return "—";
  const name = column.toLowerCase();
  const percent = /(percent|pct)$/.test(name);
  const signed = percent || /(^|_)pnl|profit/.test(name);
  const magnitude = twoDecimals.format(Math.abs(n));
  const rounded = Number(magnitude.replaceAll(",", ""));
  const sign = !signed || rounded === 0 ? (n < 0 && rounded !== 0 ? MINUS_SIGN : "") : n < 0 ? MINUS_SIGN : "+";
  return `${sign}${magnitude}${percent ? "%" : ""}`;
}
