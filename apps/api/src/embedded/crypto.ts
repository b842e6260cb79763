import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from "node:crypto";

/**
 * The embedded wallet's secret helpers, all keyed by EMBEDDED_SECRET (32 bytes). Two keys are derived from it with
 * HKDF-SHA256 (one for HMAC, one for AES-256-GCM), so a value stored as an HMAC never shares a key with a
 * ciphertext. Tokens, codes and device ids are stored only as `hmac(...)`; the auth shares only as `encrypt(...)`.
 */

type Keys = { mac: Buffer; aes: Buffer };
const derived = new WeakMap<Buffer, Keys>();

function keysOf(secret: Buffer): Keys {
  let keys = derived.get(secret);
  if (!keys) {
    if (secret.length !== 32) throw new Error("EMBEDDED_SECRET must be 32 bytes (64 hex characters)");
    const derive = (info: string) => Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), info, 32));
    keys = { mac: derive("fundament embedded hmac v1"), aes: derive("fundament embedded aes-256-gcm v1") };
    derived.set(secret, keys);
  }
  return keys;
}

/** HMAC-SHA256 of `value` (hex): what the database keeps instead of a token, a code or a device id. */
export function hmac(secret: Buffer, value: string): string {
  return createHmac("sha256", keysOf(secret).mac).update(value, "utf8").digest("hex");
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM with a random 12-byte IV: base64url `iv.ciphertext.tag`. */
export function encrypt(secret: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keysOf(secret).aes, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".");
}

/** Raised when a stored ciphertext is malformed, was altered, or was made with another EMBEDDED_SECRET. */
export class DecryptError extends Error {
  override name = "DecryptError";
}

/** The plaintext of `encrypt`'s output; throws DecryptError when it does not authenticate. */
export function decrypt(secret: Buffer, ciphertext: string): string {
  const parts = ciphertext.split(".");
  const [iv, body, tag] = parts.map((part) => Buffer.from(part, "base64url"));
  if (parts.length !== 3 || !iv || !body || !tag || iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
    throw new DecryptError("The stored value is not an encrypted embedded-wallet value");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keysOf(secret).aes, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    throw new DecryptError("The stored value could not be decrypted: it was altered or made with another secret");
  }
}

/** A random token of 32 bytes, base64url (43 characters): session tokens and device-approval links. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A uniformly random 6-digit code, leading zeros kept ("004211"). */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}
