import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { embeddedSessions } from "../db/schema.js";
import { hmac, randomToken } from "./crypto.js";
import { approveDevice, hashDeviceId } from "./devices.js";
import type { LoginMethod } from "./embeddedConfig.js";

/** An embedded session lives 30 days unless signed out or revoked. */
export const EMBEDDED_SESSION_TTL_MS = 30 * 86_400_000;

/** The stored form of a session token. */
export const hashSessionToken = (secret: Buffer, token: string): string => hmac(secret, `session:${token}`);

/** A live session behind a bearer token. `sessionId` is the public id (the spec's `pci`). */
export type EmbeddedSession = {
  sessionId: string;
  userId: string;
  /** The HMAC of the session's device id (the id itself is never stored). */
  deviceHash: string;
  loginMethod: LoginMethod;
};

/**
 * Starts a session for a user on a device and approves the device (a verified code or a social/Farcaster login is
 * the proof). Returns the bearer token: 32 random bytes, stored only as its HMAC.
 */
export async function createEmbeddedSession(
  db: Db,
  secret: Buffer,
  { userId, deviceId, loginMethod }: { userId: string; deviceId: string; loginMethod: LoginMethod },
  now: Date = new Date(),
): Promise<{ sessionToken: string }> {
  const sessionToken = randomToken();
  const deviceHash = hashDeviceId(secret, deviceId);
  await db.transaction(async (tx) => {
    await approveDevice(tx, userId, deviceHash, now);
    await tx.insert(embeddedSessions).values({
      id: randomUUID(),
      tokenHash: hashSessionToken(secret, sessionToken),
      userId,
      deviceHash,
      loginMethod,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + EMBEDDED_SESSION_TTL_MS),
    });
  });
  return { sessionToken };
}

/** The live session behind a bearer token (marking it used now), or undefined: unknown, expired or revoked. */
export async function readEmbeddedSession(
  db: Db,
  secret: Buffer,
  bearerToken: string | undefined,
  now: Date = new Date(),
): Promise<EmbeddedSession | undefined> {
  if (!bearerToken) return undefined;
  const [row] = await db
    .update(embeddedSessions)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(embeddedSessions.tokenHash, hashSessionToken(secret, bearerToken)),
        isNull(embeddedSessions.revokedAt),
        gt(embeddedSessions.expiresAt, now),
      ),
    )
    .returning({
      sessionId: embeddedSessions.id,
      userId: embeddedSessions.userId,
      deviceHash: embeddedSessions.deviceHash,
      loginMethod: embeddedSessions.loginMethod,
    });
  return row && { ...row, loginMethod: row.loginMethod as LoginMethod };
}

/** A session as the spec's sessions list shows it. */
export type SessionListItem = {
  pci: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
  loginMethod: LoginMethod;
};

/** The user's live sessions, most recently used first; `currentId` is marked `current`. */
export async function listEmbeddedSessions(
  db: Db,
  userId: string,
  currentId: string,
  now: Date = new Date(),
): Promise<SessionListItem[]> {
  const rows = await db
    .select()
    .from(embeddedSessions)
    .where(
      and(eq(embeddedSessions.userId, userId), isNull(embeddedSessions.revokedAt), gt(embeddedSessions.expiresAt, now)),
    )
    .orderBy(desc(embeddedSessions.lastUsedAt), desc(embeddedSessions.createdAt))
    .limit(100);
  return rows.map((row) => ({
    pci: row.id,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === currentId,
    loginMethod: row.loginMethod as LoginMethod,
  }));
}

/** Revokes one of the user's live sessions; false when it is not theirs, unknown, or already ended. */
export async function revokeEmbeddedSession(
  db: Db,
  userId: string,
  sessionId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const revoked = await db
    .update(embeddedSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(embeddedSessions.id, sessionId),
        eq(embeddedSessions.userId, userId),
        isNull(embeddedSessions.revokedAt),
        gt(embeddedSessions.expiresAt, now),
      ),
    )
    .returning({ id: embeddedSessions.id });
  return revoked.length === 1;
}

/** Deletes sessions that ended (expired, or revoked) more than a day ago: the list never needs them. */
export async function sweepEmbeddedSessions(db: Db, now: Date = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db
    .delete(embeddedSessions)
    .where(or(lt(embeddedSessions.expiresAt, dayAgo), lt(embeddedSessions.revokedAt, dayAgo)));
}
