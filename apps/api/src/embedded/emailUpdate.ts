import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { embeddedIdentities, embeddedUsers } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import { checkCode } from "./codes.js";
import {
  assertCode,
  CODE_ERRORS,
  type CodeReply,
  type EmailLoginState,
  issueCodeOrWait,
  sendCodeMail,
} from "./emailLogin.js";
import { updatePrimaryMail, updateSecondaryMail } from "./emails.js";
import type { EmbeddedSession } from "./sessions.js";
import type { EmbeddedUserView } from "./users.js";
import { isUniqueViolation } from "./wallets.js";

export const EMAIL_IN_USE = "This email is already in use";

type UpdatePurpose = "update-primary" | "update-secondary";

/** Whether another user logs in with this email, or has it as their email. */
async function emailTaken(db: Executor, email: string, userId: string): Promise<boolean> {
  const identities = await db
    .select({ userId: embeddedIdentities.userId })
    .from(embeddedIdentities)
    .where(
      and(
        eq(embeddedIdentities.provider, "email"),
        eq(embeddedIdentities.subject, email),
        ne(embeddedIdentities.userId, userId),
      ),
    );
  if (identities.length > 0) return true;
  const users = await db
    .select({ id: embeddedUsers.id })
    .from(embeddedUsers)
    .where(and(eq(embeddedUsers.email, email), ne(embeddedUsers.id, userId)));
  return users.length > 0;
}

/**
 * Checks a step of the email change with the user's code: the new email it carries, still free (409 when another
 * account took it since).
 */
async function checkUpdateCode(
  state: EmailLoginState,
  secret: Buffer,
  purpose: UpdatePurpose,
  userId: string,
  otp: string,
): Promise<string> {
  const check = await checkCode(state.db, secret, { purpose, subject: userId, code: otp });
  assertCode(check);
  const newEmail = check.newEmail;
  if (!newEmail) throw new HttpError(400, CODE_ERRORS.invalid);
  if (await emailTaken(state.db, newEmail, userId)) throw new HttpError(409, EMAIL_IN_USE);
  return newEmail;
}

/** Issues a step of the email change (its code is for the user, keeps the new email) and mails it. */
async function mailUpdateCode(
  state: EmailLoginState,
  secret: Buffer,
  reply: CodeReply,
  step: { purpose: UpdatePurpose; userId: string; newEmail: string },
  mail: (code: string) => Parameters<typeof sendCodeMail>[1],
): Promise<void> {
  const { purpose, userId, newEmail } = step;
  const issued = await issueCodeOrWait(state, secret, reply, { purpose, subject: userId, userId, newEmail });
  await sendCodeMail(state, mail(issued.secret), reply.log, { purpose, subject: userId, hash: issued.codeHash });
}

/** Starts an email change: mails a code to the current email (VERIFY_PRIMARY_OTP). */
export async function startEmailUpdate(
  state: EmailLoginState,
  secret: Buffer,
  user: EmbeddedUserView,
  newEmail: string,
  reply: CodeReply,
): Promise<{ action: "VERIFY_PRIMARY_OTP" }> {
  if (!user.email) throw new HttpError(400, "This account has no email to confirm the change with");
  if (newEmail === user.email) throw new HttpError(400, "This is already your email");
  if (await emailTaken(state.db, newEmail, user.id)) throw new HttpError(409, EMAIL_IN_USE);
  const currentEmail = user.email;
  await mailUpdateCode(state, secret, reply, { purpose: "update-primary", userId: user.id, newEmail }, (code) =>
    updatePrimaryMail(currentEmail, code, newEmail),
  );
  return { action: "VERIFY_PRIMARY_OTP" };
}

/** Checks the current email's code, then mails a code to the new email (VERIFY_SECONDARY_OTP). */
export async function confirmCurrentEmail(
  state: EmailLoginState,
  secret: Buffer,
  session: EmbeddedSession,
  otp: string,
  reply: CodeReply,
): Promise<{ action: "VERIFY_SECONDARY_OTP" }> {
  const userId = session.userId;
  const newEmail = await checkUpdateCode(state, secret, "update-primary", userId, otp);
  await mailUpdateCode(state, secret, reply, { purpose: "update-secondary", userId, newEmail }, (code) =>
    updateSecondaryMail(newEmail, code),
  );
  return { action: "VERIFY_SECONDARY_OTP" };
}

/** Checks the new email's code and makes it the account's email (and email login). */
export async function confirmNewEmail(
  state: EmailLoginState,
  secret: Buffer,
  session: EmbeddedSession,
  otp: string,
): Promise<{ email: string }> {
  const newEmail = await checkUpdateCode(state, secret, "update-secondary", session.userId, otp);
  const now = new Date();
  try {
    await state.db.transaction(async (tx) => {
      // The email login moves to the new address (or starts, for a social login that had only an email).
      await tx
        .delete(embeddedIdentities)
        .where(and(eq(embeddedIdentities.provider, "email"), eq(embeddedIdentities.userId, session.userId)));
      await tx
        .insert(embeddedIdentities)
        .values({ provider: "email", subject: newEmail, userId: session.userId, createdAt: now });
      await tx.update(embeddedUsers).set({ email: newEmail }).where(eq(embeddedUsers.id, session.userId));
    });
  } catch (error) {
    // Someone logged in with the new email between the check and the change.
    if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_IN_USE);
    throw error;
  }
  return { email: newEmail };
}
