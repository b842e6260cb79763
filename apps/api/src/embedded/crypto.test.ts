import { describe, expect, it } from "vitest";
import { DecryptError, decrypt, encrypt, hmac, randomCode, randomToken } from "./crypto.js";

const secret = Buffer.from("ab".repeat(32), "hex");
const other = Buffer.from("cd".repeat(32), "hex");

describe("embedded secret helpers", () => {
  it("HMACs deterministically per secret, as 64 hex characters", () => {
    expect(hmac(secret, "x")).toMatch(/^[0-9a-f]{64}$/);
    expect(hmac(secret, "x")).toBe(hmac(secret, "x"));
    expect(hmac(secret, "x")).not.toBe(hmac(other, "x"));
    expect(hmac(secret, "x")).not.toBe(hmac(secret, "y"));
  });

  it("encrypts with AES-256-GCM and a fresh IV: base64url iv.ciphertext.tag", () => {
    const a = encrypt(secret, "share");
    const b = encrypt(secret, "share");
    expect(a).not.toBe(b);
    const [iv, body, tag] = a.split(".");
    expect(Buffer.from(iv ?? "", "base64url")).toHaveLength(12);
    expect(Buffer.from(body ?? "", "base64url")).toHaveLength(5);
    expect(Buffer.from(tag ?? "", "base64url")).toHaveLength(16);
    expect(decrypt(secret, a)).toBe("share");
    expect(decrypt(secret, encrypt(secret, ""))).toBe("");
  });

  it("refuses an altered ciphertext, another secret and malformed text", () => {
    const sealed = encrypt(secret, "share");
    const [iv, body, tag] = sealed.split(".") as [string, string, string];
    const flipped = Buffer.from(body, "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decrypt(secret, `${iv}.${flipped.toString("base64url")}.${tag}`)).toThrow(DecryptError);
    expect(() => decrypt(other, sealed)).toThrow(DecryptError);
    expect(() => decrypt(secret, "nonsense")).toThrow(DecryptError);
    expect(() => decrypt(secret, `${iv}.${body}`)).toThrow(DecryptError);
  });

  it("needs a 32-byte secret", () => {
    expect(() => hmac(Buffer.alloc(16), "x")).toThrow("EMBEDDED_SECRET must be 32 bytes");
  });

  it("makes 43-character tokens and 6-digit codes", () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const codes = Array.from({ length: 200 }, randomCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });
});
