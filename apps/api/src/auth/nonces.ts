import { and, eq, gt, lt } from "drizzle-orm";
import { generateSiweNonce } from "viem/siwe";
import type { Db } from "../db/client.js";
import { siweNonces } from "../db/schema.js";

export const NONCE_TTL_MS = 5 * 60_000;

/** A new single-use nonce, valid for 5 minutes. Expired nonces are swept on the way. */
export async function createNonce(db: Db, now: Date = new Date()): Promise<string> {
  const nonce = generateSiweNonce();
  await db.delete(siweNonces).where(lt(siweNonces.expiresAt, now));
  await db.insert(siweNonces).values({ nonce, expiresAt: new Date(now.getTime() + NONCE_TTL_MS) });
  return nonce;
}

/** Consumes a nonce atomically: true once for a known unexpired nonce, false ever after. */
export async function consumeNonce(db: Db, nonce: string, now: Date = new Date()): Promise<boolean> {
  const deleted = await db
    .delete(siweNonces)
    .where(and(eq(siweNonces.nonce, nonce), gt(siweNonces.expiresAt, now)))
    .returning({ nonce: siweNonces.nonce });
  return deleted.length === 1;
}
