import type { Db } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { isDeviceApproved } from "./devices.js";
import { sessionUser } from "./http.js";
import type { EmbeddedSession } from "./sessions.js";
import { type EmbeddedUserView, embeddedUserView } from "./users.js";
import { readAuthShare, registerWallet } from "./wallets.js";

export const NO_WALLET = "No wallet yet";

/** The wallet's address and auth share, for a session on an approved device (403 for another, 404 without one). */
export async function readSessionWallet(
  db: Db,
  secret: Buffer,
  session: EmbeddedSession,
): Promise<{ address: string; authShare: string }> {
  // Sessions are made for approved devices only; checked again so a share never leaves for any other.
  if (!(await isDeviceApproved(db, session.userId, session.deviceHash)))
    throw new HttpError(403, "This device is not approved");
  const wallet = await readAuthShare(db, secret, session.userId);
  if (!wallet) throw new HttpError(404, NO_WALLET);
  return wallet;
}

/** Registers the session user's wallet (400 for a signature that is not the new key's, 409 for a taken slot). */
export async function registerSessionWallet(
  db: Db,
  secret: Buffer,
  session: EmbeddedSession,
  { address, authShare, signature }: { address: string; authShare: string; signature: string },
): Promise<{ address: string; user: EmbeddedUserView }> {
  const result = await registerWallet(db, secret, {
    userId: session.userId,
    address,
    authShare,
    signature: signature as `0x${string}`,
  });
  if (!result.ok) {
    if (result.reason === "bad-signature")
      throw new HttpError(400, "The signature is not the new wallet's signature of the registration message");
    if (result.reason === "user-has-wallet") throw new HttpError(409, "This account already has a wallet");
    throw new HttpError(409, "This address belongs to another account");
  }
  return { address: result.address, user: embeddedUserView(await sessionUser(db, session)) };
}
