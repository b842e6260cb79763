/** A token amount with thousands separators and up to `digits` fraction digits: 1234.5 → "1,234.5". */
export function formatAmount(value: number, digits = 2): string {
  const safe = Number.isFinite(value) ? value : 0;
  return safe.toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: digits });
}

/** "3d 4h left", "12m left", or `ended` for a second timestamp relative to `now` (ms). */
export function timeLeft(endSeconds: number, now = Date.now(), ended = "Voting ended"): string {
  const seconds = Math.floor(endSeconds - now / 1000);
  if (seconds <= 0) return ended;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days}d ${hours}h left`;
  if (hours > 0) return `${hours}h ${minutes}m left`;
  return `${Math.max(1, minutes)}m left`;
}

/** A date and time in US English, UTC: "Nov 23, 2026, 07:30 UTC". */
export function formatDateTime(ms: number): string {
  if (!Number.isFinite(ms)) return "";
  return `${new Date(ms).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: "UTC",
  })} UTC`;
}
