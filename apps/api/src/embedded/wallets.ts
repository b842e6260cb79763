import { eq } from "drizzle-orm";
import { type Address, getAddress, type Hex, verifyMessage } from "viem";
import type { Db } from "../db/client.js";
import { embeddedWallets } from "../db/schema.js";
import { decrypt, encrypt } from "./crypto.js";

/**
 * The auth-share store: one wallet per user, its address and the auth share (one of the key's three Shamir shares),
 * kept AES-256-GCM-encrypted with EMBEDDED_SECRET. The server alone holds one share and can never sign.
 */

/** The text the new key signs (EIP-191 personal_sign) when its wallet is registered: proof the key exists. */
export function walletRegistrationMessage(userId: string, address: string): string {
  return `Fundament embedded wallet\nUser: ${userId}\nAddress: ${address}`;
}

/** Whether `signature` is `address`'s personal_sign of `message` (EOA keys: the embedded wallet's are). */
export async function isSignedBy(address: Address, message: string, signature: Hex): Promise<boolean> {
  try {
    return await verifyMessage({ address, message, signature });
  } catch {
    return false; // a malformed signature (bad length, no recovery byte) is just not a signature of this address
  }
}

/** Whether an error (or its cause) is PostgreSQL's unique violation (23505), on either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 4; depth++) {
    if ((cause as { code?: unknown }).code === "23505") return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

export type WalletRegistration =
  | { ok: true; address: Address }
  | { ok: false; reason: "bad-signature" | "user-has-wallet" | "address-taken" };

/**
 * Registers the user's wallet after checking the new key signed `walletRegistrationMessage` (with the address as
 * sent, so the frame may send it checksummed or not). A second wallet for the same user is refused.
 */
export async function registerWallet(
  db: Db,
  secret: Buffer,
  { userId, address, authShare, signature }: { userId: string; address: string; authShare: string; signature: Hex },
  now: Date = new Date(),
): Promise<WalletRegistration> {
  const checksummed = getAddress(address);
  if (!(await isSignedBy(checksummed, walletRegistrationMessage(userId, address), signature)))
    return { ok: false, reason: "bad-signature" };
  try {
    const inserted = await db
      .insert(embeddedWallets)
      .values({ userId, address: checksummed, authShareEnc: encrypt(secret, authShare), createdAt: now })
      .onConflictDoNothing({ target: embeddedWallets.userId })
      .returning({ userId: embeddedWallets.userId });
    if (inserted.length === 0) return { ok: false, reason: "user-has-wallet" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "address-taken" };
    throw error;
  }
  return { ok: true, address: checksummed };
}

/** The user's wallet address and decrypted auth share, or undefined when they have no wallet yet. */
export async function readAuthShare(
  db: Db,
  secret: Buffer,
  userId: string,
): Promise<{ address: string; authShare: string } | undefined> {
  const [row] = await db.select().from(embeddedWallets).where(eq(embeddedWallets.userId, userId));
  return row && { address: row.address, authShare: decrypt(secret, row.authShareEnc) };
}

/** The user whose wallet has this address, if any. */
export async function findWalletUser(db: Db, address: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: embeddedWallets.userId })
    .from(embeddedWallets)
    .where(eq(embeddedWallets.address, getAddress(address)));
  return row?.userId;
}
