import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { embeddedCodes } from "../db/schema.js";
import { hmac, randomCode, randomToken } from "./crypto.js";

/**
 * One-time codes and device-approval links. One pending code per (purpose, subject): a new one replaces the old,
 * and only after the resend cooldown. Codes are stored as HMACs, single-use, expire, and die after MAX_ATTEMPTS
 * wrong tries. Checking a code is one UPDATE statement, so two simultaneous checks of a right code use it once.
 */

export type CodePurpose = "login" | "device" | "update-primary" | "update-secondary";

/** Spec §5/§9: email login or update may not be triggered again within 30 seconds. */
export const RESEND_COOLDOWN_MS = 30_000;
/** A login or update code is valid 10 minutes. */
export const CODE_TTL_MS = 10 * 60_000;
/** A device-approval link is valid 15 minutes. */
export const DEVICE_LINK_TTL_MS = 15 * 60_000;
/** Wrong tries after which a code is dead. */
export const MAX_ATTEMPTS = 5;

const codeHash = (secret: Buffer, purpose: CodePurpose, subject: string, code: string) =>
  hmac(secret, `code:${purpose}:${subject}:${code}`);
const linkHash = (secret: Buffer, token: string) => hmac(secret, `device-link:${token}`);

export type IssueRequest = {
  purpose: CodePurpose;
  /** The lower-case email (login, device) or the user id (update). */
  subject: string;
  deviceHash?: string | null;
  userId?: string | null;
  newEmail?: string | null;
};

/** A code (or link token) to send, or the seconds left of the resend cooldown. */
export type Issued = { secret: string; codeHash: string } | { retryAfterSeconds: number };

/**
 * Stores a new code for (purpose, subject), replacing the pending one unless it was made within the cooldown. The
 * insert-or-replace is one statement, so two simultaneous requests send one code.
 */
export async function issueCode(
  db: Db,
  secret: Buffer,
  request: IssueRequest,
  now: Date = new Date(),
): Promise<Issued> {
  const isLink = request.purpose === "device";
  const value = isLink ? randomToken() : randomCode();
  const hash = isLink ? linkHash(secret, value) : codeHash(secret, request.purpose, request.subject, value);
  const row = {
    purpose: request.purpose,
    subject: request.subject,
    codeHash: hash,
    deviceHash: request.deviceHash ?? null,
    userId: request.userId ?? null,
    newEmail: request.newEmail ?? null,
    attempts: 0,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (isLink ? DEVICE_LINK_TTL_MS : CODE_TTL_MS)),
    usedAt: null,
  };
  const cutoff = new Date(now.getTime() - RESEND_COOLDOWN_MS);
  const stored = await db
    .insert(embeddedCodes)
    .values(row)
    .onConflictDoUpdate({
      target: [embeddedCodes.purpose, embeddedCodes.subject],
      set: {
        codeHash: row.codeHash,
        deviceHash: row.deviceHash,
        userId: row.userId,
        newEmail: row.newEmail,
        attempts: 0,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
        usedAt: null,
      },
      setWhere: lt(embeddedCodes.createdAt, cutoff),
    })
    .returning({ codeHash: embeddedCodes.codeHash });
  if (stored.length === 1) return { secret: value, codeHash: hash };
  const [pending] = await db
    .select({ createdAt: embeddedCodes.createdAt })
    .from(embeddedCodes)
    .where(and(eq(embeddedCodes.purpose, request.purpose), eq(embeddedCodes.subject, request.subject)));
  const leftMs = (pending?.createdAt.getTime() ?? now.getTime()) + RESEND_COOLDOWN_MS - now.getTime();
  return { retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
}

/** Removes a code that could not be sent (so the person need not wait out the cooldown for a mail that never left). */
export async function withdrawCode(db: Db, purpose: CodePurpose, subject: string, hash: string): Promise<void> {
  await db
    .delete(embeddedCodes)
    .where(
      and(eq(embeddedCodes.purpose, purpose), eq(embeddedCodes.subject, subject), eq(embeddedCodes.codeHash, hash)),
    );
}

export type CodeCheck =
  | { ok: true; userId: string | null; newEmail: string | null; deviceHash: string | null }
  | { ok: false; reason: "invalid" | "expired" | "too-many" };

/**
 * Checks a typed code against the pending one of (purpose, subject), in one statement: a right code is marked used
 * (a second check of it, even a simultaneous one, fails), a wrong one counts an attempt. With `deviceHash`, the code
 * works only on the device it was sent for.
 */
export async function checkCode(
  db: Db,
  secret: Buffer,
  { purpose, subject, code, deviceHash }: { purpose: CodePurpose; subject: string; code: string; deviceHash?: string },
  now: Date = new Date(),
): Promise<CodeCheck> {
  const hash = codeHash(secret, purpose, subject, code);
  const at = now.toISOString();
  const right = deviceHash
    ? sql`(${embeddedCodes.codeHash} = ${hash} AND ${embeddedCodes.deviceHash} = ${deviceHash})`
    : sql`(${embeddedCodes.codeHash} = ${hash})`;
  const [row] = await db
    .update(embeddedCodes)
    .set({
      attempts: sql`CASE WHEN ${right} THEN ${embeddedCodes.attempts} ELSE ${embeddedCodes.attempts} + 1 END`,
      usedAt: sql`CASE WHEN ${right} THEN ${at}::timestamptz ELSE NULL END`,
    })
    .where(
      and(
        eq(embeddedCodes.purpose, purpose),
        eq(embeddedCodes.subject, subject),
        isNull(embeddedCodes.usedAt),
        gt(embeddedCodes.expiresAt, now),
        lt(embeddedCodes.attempts, MAX_ATTEMPTS),
      ),
    )
    .returning({
      usedAt: embeddedCodes.usedAt,
      attempts: embeddedCodes.attempts,
      userId: embeddedCodes.userId,
      newEmail: embeddedCodes.newEmail,
      deviceHash: embeddedCodes.deviceHash,
    });
  if (row?.usedAt) return { ok: true, userId: row.userId, newEmail: row.newEmail, deviceHash: row.deviceHash };
  if (row) return { ok: false, reason: row.attempts >= MAX_ATTEMPTS ? "too-many" : "invalid" };
  // Nothing to check against: say why (no code, or a used one, reads as a wrong code).
  const [pending] = await db
    .select({ usedAt: embeddedCodes.usedAt, attempts: embeddedCodes.attempts, expiresAt: embeddedCodes.expiresAt })
    .from(embeddedCodes)
    .where(and(eq(embeddedCodes.purpose, purpose), eq(embeddedCodes.subject, subject)));
  if (!pending || pending.usedAt) return { ok: false, reason: "invalid" };
  if (pending.attempts >= MAX_ATTEMPTS) return { ok: false, reason: "too-many" };
  return { ok: false, reason: "expired" };
}

/** Uses a device-approval link's token once: the user and device it approves, or undefined (unknown, used, expired). */
export async function useDeviceLink(
  db: Db,
  secret: Buffer,
  token: string,
  now: Date = new Date(),
): Promise<{ userId: string; deviceHash: string } | undefined> {
  const [row] = await db
    .update(embeddedCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(embeddedCodes.purpose, "device"),
        eq(embeddedCodes.codeHash, linkHash(secret, token)),
        isNull(embeddedCodes.usedAt),
        gt(embeddedCodes.expiresAt, now),
      ),
    )
    .returning({ userId: embeddedCodes.userId, deviceHash: embeddedCodes.deviceHash });
  return row?.userId && row.deviceHash ? { userId: row.userId, deviceHash: row.deviceHash } : undefined;
}

/** Deletes codes that expired more than a day ago. */
export async function sweepCodes(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(embeddedCodes).where(lt(embeddedCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
}
