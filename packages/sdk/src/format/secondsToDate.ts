/** An on-chain timestamp in seconds to a Date (spec section 9: multiply by 1000). */
export function secondsToDate(seconds: bigint | number): Date {
  return new Date(Number(seconds) * 1000);
}

/** An on-chain timestamp in seconds as a US-English date string, e.g. "Dec 21, 2026"; "" for 0. */
export function formatDate(seconds: bigint | number): string {
  if (!Number(seconds)) return "";
  return secondsToDate(seconds).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** A time on the chain's clock (seconds) the way banners and texts say it: "3 Dec 2026, 14:00 UTC". */
export function formatChangeTime(seconds: number | bigint): string {
  return `${secondsToDate(seconds).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  })} UTC`;
}
