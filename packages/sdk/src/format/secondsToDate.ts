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
