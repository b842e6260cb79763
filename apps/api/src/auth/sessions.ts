import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { sessions } from "../db/schema.js";

export const SESSION_COOKIE = "fundament_session";
export const SESSION_TTL_MS = 24 * 3_600_000;

export type Session = { address: string; chainId: number };

const hash = (id: string) => createHash("sha256").update(id).digest("hex");

/** Starts a session; returns the random id for the cookie (only its hash is stored). */
export async function createSession(db: Db, session: Session, now: Date = new Date()): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.insert(sessions).values({
    idHash: hash(id),
    address: session.address,
    chainId: session.chainId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return id;
}

/** The live session behind a cookie id, if any. */
export async function readSession(
  db: Db,
  id: string | undefined,
  now: Date = new Date(),
): Promise<Session | undefined> {
  if (!id) return undefined;
  const [row] = await db
    .select({ address: sessions.address, chainId: sessions.chainId })
    .from(sessions)
    .where(and(eq(sessions.idHash, hash(id)), gt(sessions.expiresAt, now)));
  return row;
}

export async function deleteSession(db: Db, id: string | undefined): Promise<void> {
  if (id) await db.delete(sessions).where(eq(sessions.idHash, hash(id)));
}
