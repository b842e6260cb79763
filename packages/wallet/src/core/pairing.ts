import { PAIRING_EXPIRY_WINDOW_MS, PAIRING_LIFETIME_MS } from "./constants.js";

/** When a pairing created at `now` expires: 4 minutes later. */
export function getPairingExpiry(now: number = Date.now()): number {
  return now + PAIRING_LIFETIME_MS;
}

/** A pairing counts as expired within 10 seconds of its expiry (and after it). */
export function isPairingExpired(expiry: number | undefined, now: number = Date.now()): boolean {
  if (expiry === undefined) return true;
  return now >= expiry - PAIRING_EXPIRY_WINDOW_MS;
}
