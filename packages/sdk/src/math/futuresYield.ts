import { annualise } from "./annualise.js";
import { Decimal } from "./decimal.js";

export type FuturesPerformanceRecord = { date: string; [field: string]: unknown };
export type FuturesPerformance = {
  initial_tvl_usd: number | string | null;
  current_tvl_usd: number | string | null;
  performance_records: FuturesPerformanceRecord[] | null;
  error?: string | null;
};

const DAY_MS = 86_400_000;

/** Parses the spec's day/month/year date (e.g. "21/11/2026") to a UTC time in ms, or NaN. */
export function parseDayMonthYear(date: string): number {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(date.trim());
  if (!match) return Number.NaN;
  const [, day, month, year] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  return check.getUTCDate() === day && check.getUTCMonth() === month - 1 ? time : Number.NaN;
}

/**
 * Annualised yield of the futures vault (spec section 7): (current TVL - initial TVL) / initial TVL,
 * divided by the days between the first and last record (at least 1), times 365. 0 when there are no
 * records or the initial TVL is zero.
 */
export function futuresYield(performance: FuturesPerformance): number {
  const records = performance.performance_records ?? [];
  const initial = new Decimal(performance.initial_tvl_usd ?? 0);
  if (records.length === 0 || initial.isZero()) return 0;
  const current = new Decimal(performance.current_tvl_usd ?? 0);
  const times = records.map((r) => parseDayMonthYear(r.date)).filter((t) => !Number.isNaN(t));
  const days = times.length < 2 ? 1 : (Math.max(...times) - Math.min(...times)) / DAY_MS;
  return annualise(current.minus(initial).div(initial), days);
}
