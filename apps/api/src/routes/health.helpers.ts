/** A job's freshness as the public sees it; `not_configured` for an exchange job without API keys (nothing to sync). */
export type JobFreshness = "ok" | "stale" | "failing" | "not_configured";

/** How late a job may be before it counts as stale: three periods, and at least a minute past one period. */
export function staleAfterMs(intervalMs: number): number {
  return Math.max(3 * intervalMs, intervalMs + 60_000);
}

/**
 * `failing` when the job's last run ended in an error, `stale` when its last success is older than
 * `staleAfterMs(intervalMs)` (or it never succeeded), else `ok`.
 */
export function jobFreshness(
  row: { lastSuccessAt: Date | null; lastErrorAt: Date | null; lastError: string | null },
  intervalMs: number,
  now: number,
): JobFreshness {
  if (row.lastError !== null) return "failing";
  if (!row.lastSuccessAt || now - row.lastSuccessAt.getTime() > staleAfterMs(intervalMs)) return "stale";
  return "ok";
}
