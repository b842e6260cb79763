import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { embeddedIdentities, embeddedUsers, embeddedWallets } from "../db/schema.js";
import type { LoginMethod } from "./embeddedConfig.js";

export type { LoginMethod, SocialProvider } from "./embeddedConfig.js";

/** An embedded-wallet user as the routes answer it (`user` in the JSON). */
export type EmbeddedUserView = {
  id: string;
  email: string | null;
  address: string | null;
  /** How the person logged in for this session. */
  loginMethod: LoginMethod;
  userName: string | null;
};

/** A login identity: an email's subject is the lower-case email; a social login's the provider's `sub`; Farcaster's the fid. */
export type Identity = {
  provider: LoginMethod;
  subject: string;
  /** A verified email only (a social provider's `email_verified`); it links the login to the user with that email. */
  email?: string | null;
  userName?: string | null;
};

/** The canonical form of an email: trimmed and lower-case (identities and lookups use it). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Only the user's public fields, in the contract's shape (so a wider row can never leak into an answer). */
export function embeddedUserView(user: EmbeddedUserView): EmbeddedUserView {
  return {
    id: user.id,
    email: user.email,
    address: user.address,
    loginMethod: user.loginMethod,
    userName: user.userName,
  };
}

/** The user `userId` as seen through `loginMethod`, or undefined when there is no such user. */
export async function readEmbeddedUser(
  db: Db,
  userId: string,
  loginMethod: LoginMethod,
): Promise<EmbeddedUserView | undefined> {
  const [row] = await db
    .select({
      id: embeddedUsers.id,
      email: embeddedUsers.email,
      userName: embeddedUsers.userName,
      address: embeddedWallets.address,
    })
    .from(embeddedUsers)
    .leftJoin(embeddedWallets, eq(embeddedWallets.userId, embeddedUsers.id))
    .where(eq(embeddedUsers.id, userId));
  return row && { ...row, loginMethod };
}

/** The user whose email identity is `email` (any case), if any. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: embeddedIdentities.userId })
    .from(embeddedIdentities)
    .where(and(eq(embeddedIdentities.provider, "email"), eq(embeddedIdentities.subject, normalizeEmail(email))));
  return row?.userId;
}

/**
 * The user of a login identity, made on the first login. A new identity with a (verified) email joins the user
 * who already has that email, so one person who logs in by email and then with Google (same address) keeps one
 * wallet. Safe under concurrency: the identity's primary key (provider, subject) decides which of two simultaneous
 * first logins makes the user; the other reads it.
 */
export async function findOrCreateUserByIdentity(
  db: Db,
  identity: Identity,
  now: Date = new Date(),
): Promise<EmbeddedUserView> {
  const subject = identity.provider === "email" ? normalizeEmail(identity.subject) : identity.subject;
  const email = identity.provider === "email" ? subject : identity.email ? normalizeEmail(identity.email) : null;
  const userName = identity.userName?.trim() || null;

  for (let round = 0; round < 3; round++) {
    const [known] = await db
      .select({ userId: embeddedIdentities.userId })
      .from(embeddedIdentities)
      .where(and(eq(embeddedIdentities.provider, identity.provider), eq(embeddedIdentities.subject, subject)));
    if (known) {
      // A later login may bring a name (or a verified email) the user had none of: fill the gaps, never overwrite.
      if (userName || email)
        await db
          .update(embeddedUsers)
          .set({
            userName: sql`coalesce(${embeddedUsers.userName}, ${userName})`,
            email: sql`coalesce(${embeddedUsers.email}, ${email})`,
          })
          .where(eq(embeddedUsers.id, known.userId));
      const user = await readEmbeddedUser(db, known.userId, identity.provider);
      if (user) return user;
      continue; // deleted between the two reads: look again
    }

    const linked = await db.transaction(async (tx) => {
      // The user with this email (the oldest, should two have it): an email identity or a social login's email.
      const [sameEmail] = email
        ? await tx
            .select({ id: embeddedUsers.id })
            .from(embeddedUsers)
            .where(eq(embeddedUsers.email, email))
            .orderBy(asc(embeddedUsers.createdAt))
            .limit(1)
        : [];
      const userId = sameEmail?.id ?? randomUUID();
      if (!sameEmail) await tx.insert(embeddedUsers).values({ id: userId, email, userName, createdAt: now });
      const inserted = await tx
        .insert(embeddedIdentities)
        .values({ provider: identity.provider, subject, userId, createdAt: now })
        .onConflictDoNothing()
        .returning({ userId: embeddedIdentities.userId });
      if (inserted.length === 0) {
        // Another request made this identity first: undo the user made here and read theirs.
        if (!sameEmail) await tx.delete(embeddedUsers).where(eq(embeddedUsers.id, userId));
        return undefined;
      }
      if (sameEmail && userName)
        await tx
          .update(embeddedUsers)
          .set({ userName: sql`coalesce(${embeddedUsers.userName}, ${userName})` })
          .where(eq(embeddedUsers.id, userId));
      return userId;
    });
    if (linked) {
      const user = await readEmbeddedUser(db, linked, identity.provider);
      if (user) return user;
    }
  }
  throw new Error("The login identity could not be stored");
}
