import { tryAgainAfter } from "../../core/messages.js";
import { EMAIL_RESEND_COOLDOWN_MS } from "./protocol.js";

/** Spec §4's cached login data (this browser's localStorage, the app origin: nothing secret). */
export const EMBEDDED_EMAIL_KEY = "fundament.embedded.email";
export const EMBEDDED_EMAIL_LOGIN_KEY = "fundament.embedded.emailLogin";
export const EMBEDDED_LAST_EMAIL_TIME_KEY = "fundament.embedded.lastEmailTime";

export type LoginStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The page's localStorage, or nothing (private mode that refuses storage, a test without DOM). */
export function defaultLoginStorage(): LoginStorage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Spec §5 "Email payload must be a valid email": one @, a dotted domain, no spaces. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value) && value.length <= 254;
}

/**
 * Spec §5: email login or update may not be triggered again within 30 seconds. The seconds left, or 0 when it may.
 */
export function emailCooldownSeconds(storage: LoginStorage | undefined, now = Date.now()): number {
  const last = Number(storage?.getItem(EMBEDDED_LAST_EMAIL_TIME_KEY) ?? Number.NaN);
  if (!Number.isFinite(last)) return 0;
  const left = last + EMAIL_RESEND_COOLDOWN_MS - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** Throws 'Please try again after {n} seconds' while the cooldown runs. */
export function assertEmailCooldown(storage: LoginStorage | undefined, now = Date.now()): void {
  const seconds = emailCooldownSeconds(storage, now);
  if (seconds > 0) throw new Error(tryAgainAfter(seconds));
}

export function markEmailSent(storage: LoginStorage | undefined, now = Date.now()): void {
  storage?.setItem(EMBEDDED_LAST_EMAIL_TIME_KEY, String(now));
}

/** Spec §4: after a successful connect the email is stored, the email-login flag set, the last-email-time cleared. */
export function rememberLogin(storage: LoginStorage | undefined, email: string | undefined): void {
  if (!storage) return;
  if (email) {
    storage.setItem(EMBEDDED_EMAIL_KEY, email);
    storage.setItem(EMBEDDED_EMAIL_LOGIN_KEY, "true");
  }
  storage.removeItem(EMBEDDED_LAST_EMAIL_TIME_KEY);
}

/** Spec §4: on sign out, or when not connected, cached login data is cleared. */
export function clearLogin(storage: LoginStorage | undefined): void {
  storage?.removeItem(EMBEDDED_EMAIL_KEY);
  storage?.removeItem(EMBEDDED_EMAIL_LOGIN_KEY);
}

export function rememberedEmail(storage: LoginStorage | undefined): string | undefined {
  return storage?.getItem(EMBEDDED_EMAIL_KEY) ?? undefined;
}
