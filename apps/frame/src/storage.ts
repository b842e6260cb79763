/**
 * What the frame keeps in its own origin's localStorage: the device id (made here, 32 random bytes), the session token
 * and the email it was made for, and each user's device share. Never the key itself.
 */
import { bytesToBase64Url } from "./shares.js";

const PREFIX = "fundament.frame.";
const DEVICE_ID = `${PREFIX}deviceId`;
const SESSION = `${PREFIX}session`;
const deviceShareKey = (userId: string) => `${PREFIX}deviceShare.${userId}`;

export type StoredSession = { token: string; email: string | null };

export type FrameStorage = ReturnType<typeof createFrameStorage>;

export function createFrameStorage(storage: Storage) {
  return {
    /** The device id the API approves (43-char base64url); made once per browser profile. */
    deviceId(): string {
      const existing = storage.getItem(DEVICE_ID);
      if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
      const id = bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)));
      storage.setItem(DEVICE_ID, id);
      return id;
    },
    session(): StoredSession | undefined {
      const raw = storage.getItem(SESSION);
      if (!raw) return undefined;
      try {
        const value = JSON.parse(raw) as Partial<StoredSession>;
        if (typeof value.token !== "string") return undefined;
        return { token: value.token, email: typeof value.email === "string" ? value.email : null };
      } catch {
        return undefined;
      }
    },
    setSession(session: StoredSession): void {
      storage.setItem(SESSION, JSON.stringify(session));
    },
    clearSession(): void {
      storage.removeItem(SESSION);
    },
    deviceShare(userId: string): string | undefined {
      return storage.getItem(deviceShareKey(userId)) ?? undefined;
    },
    setDeviceShare(userId: string, share: string): void {
      storage.setItem(deviceShareKey(userId), share);
    },
    removeDeviceShare(userId: string): void {
      storage.removeItem(deviceShareKey(userId));
    },
  };
}
