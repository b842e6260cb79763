/** A duration in seconds as days, to 2 decimals (30 days → 30; 36 hours → 1.5). */
export function durationDays(seconds: bigint | number): number {
  const value = Number(seconds);
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.round((value / 86_400) * 100) / 100;
}
