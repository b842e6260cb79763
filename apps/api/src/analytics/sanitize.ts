/**
 * The events `POST /e` accepts: the wallet's `EVENT_NAMES` (packages/wallet/src/core/createEventBus.ts, which
 * includes the app's INVEST_SUCCESS and VOTE_SUCCESS). A test keeps the two lists equal.
 */
export const ANALYTICS_EVENT_NAMES = [
  "MODAL_OPEN",
  "MODAL_CLOSE",
  "CONNECT_SUCCESS",
  "CONNECT_ERROR",
  "SEND_INITIATED",
  "SEND_SUCCESS",
  "SEND_ERROR",
  "SWITCH_NETWORK",
  "DISCONNECT_SUCCESS",
  "DISCONNECT_ERROR",
  "SIWX_AUTH_SUCCESS",
  "SIWX_AUTH_ERROR",
  "INVEST_SUCCESS",
  "VOTE_SUCCESS",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** A stored property value: only safe primitives. */
export type SafeValue = string | number | boolean | null;

/** At most this many properties are kept per event. */
export const MAX_PROPERTIES = 20;
/** A kept string property is at most this long (longer ones are cut). */
export const MAX_PROPERTY_TEXT = 120;
/** A stored path is at most this long. */
export const MAX_PATH = 300;
/** How far an event's own timestamp may be from the time it arrives before the arrival time is stored instead. */
export const MAX_CLOCK_DRIFT_MS = 24 * 3_600_000;

/** Keys whose values identify a person or a transaction: dropped whatever their value. */
const IDENTIFYING_KEY =
  /address|account|hash|receiver|recipient|sender|owner|signature|email|phone|ip|user|wallet|^(?:from|to|tx)$/i;
/** Hex of an address, a hash or a signature (8+ hex digits after 0x). */
const HEX_RUN = /0x[0-9a-fA-F]{8,}/;
/** A bare 40/64-hex value, a base58 Solana address or transaction id. */
const BARE_ID = /\b[0-9a-fA-F]{40,}\b|\b[1-9A-HJ-NP-Za-km-z]{32,88}\b/;
/** An e-mail address or an IPv4 address. */
const PERSONAL = /[^\s@]+@[^\s@]+\.[^\s@]+|\b\d{1,3}(?:\.\d{1,3}){3}\b/;
const SAFE_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** Whether a text carries something that identifies a person or a transaction (an address, a hash, an e-mail, an IP). */
export function isIdentifying(text: string): boolean {
  return HEX_RUN.test(text) || BARE_ID.test(text) || PERSONAL.test(text);
}

/**
 * The properties worth keeping: up to MAX_PROPERTIES with plain keys, whose values are booleans, finite numbers,
 * null or short texts without any address, hash, e-mail or IP; keys that name an address or a hash are dropped.
 */
export function sanitizeProperties(properties: unknown): Record<string, SafeValue> {
  const out: Record<string, SafeValue> = {};
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return out;
  let kept = 0;
  for (const [key, value] of Object.entries(properties)) {
    if (kept >= MAX_PROPERTIES) break;
    if (!SAFE_KEY.test(key) || IDENTIFYING_KEY.test(key)) continue;
    let safe: SafeValue | undefined;
    if (value === null || typeof value === "boolean") safe = value;
    else if (typeof value === "number" && Number.isFinite(value)) safe = value;
    else if (typeof value === "string" && !isIdentifying(value)) safe = value.slice(0, MAX_PROPERTY_TEXT);
    if (safe === undefined) continue;
    out[key] = safe;
    kept++;
  }
  return out;
}

/**
 * The path of a page URL, without query, fragment, host or credentials; hex runs (addresses, hashes) in it are
 * replaced by `:hex`. An unparsable URL gives "/".
 */
export function pathOf(url: string): string {
  let path: string;
  try {
    path = new URL(url, "http://x.invalid").pathname;
  } catch {
    return "/";
  }
  const cleaned = path
    .replace(/0x[0-9a-fA-F]{8,}/g, ":hex")
    .replace(/\b[0-9a-fA-F]{40,}\b/g, ":hex")
    .replace(/\b[1-9A-HJ-NP-Za-km-z]{32,88}\b/g, ":id");
  return cleaned.slice(0, MAX_PATH) || "/";
}

/** The site's host (`host[:port]`, lowercase; the app's own host, not a visitor's), or "" when the text is not one. */
export function domainOf(domain: string): string {
  const folded = domain.trim().toLowerCase();
  return /^[a-z0-9.-]{1,253}(?::\d{1,5})?$/.test(folded) ? folded : "";
}

/** The event's own time when it is within MAX_CLOCK_DRIFT_MS of `now`, else `now`. */
export function eventTime(timestampMs: number, now: Date): Date {
  return Number.isFinite(timestampMs) && Math.abs(timestampMs - now.getTime()) <= MAX_CLOCK_DRIFT_MS
    ? new Date(Math.floor(timestampMs))
    : now;
}
