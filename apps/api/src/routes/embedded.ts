import { and, eq, ne } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/client.js";
import { embeddedIdentities, embeddedUsers } from "../db/schema.js";
import {
  type CodeCheck,
  type CodePurpose,
  checkCode,
  type IssueRequest,
  issueCode,
  sweepCodes,
  useDeviceLink,
  withdrawCode,
} from "../embedded/codes.js";
import { approveDevice, hashDeviceId, isDeviceApproved } from "../embedded/devices.js";
import { deviceApprovalMail, loginCodeMail, updatePrimaryMail, updateSecondaryMail } from "../embedded/emails.js";
import {
  addressField,
  authShareField,
  BEARER_NOTE,
  bearerSession,
  codeRouteLimit,
  deviceIdField,
  emailField,
  embeddedPluginBasics,
  needSecret,
  otpField,
  sessionUser,
  signatureField,
  signIn,
  tryAgainAfter,
  userSchema,
} from "../embedded/http.js";
import { createMailer, type Mail, type Mailer } from "../embedded/mailer.js";
import { APPROVAL_PAGE_CSP, approvalPage, approvalQuestionPage } from "../embedded/pages.js";
import { revokeEmbeddedSession, sweepEmbeddedSessions } from "../embedded/sessions.js";
import { embeddedUserView, findUserIdByEmail } from "../embedded/users.js";
import { isUniqueViolation, readAuthShare, registerWallet } from "../embedded/wallets.js";
import { HttpError } from "../http/errors.js";
import type { RouteContext } from "./context.js";

/** Texts of the code checks (the frame shows them as they are). */
export const CODE_ERRORS = {
  invalid: "Invalid code",
  expired: "The code has expired. Request a new code.",
  tooMany: "Too many attempts. Request a new code.",
} as const;
export const EMAIL_NOT_SENT = "The email could not be sent. Please try again in a moment.";
export const EMAIL_IN_USE = "This email is already in use";
export const NO_WALLET = "No wallet yet";

const sessionAnswer = z.object({ sessionToken: z.string(), user: userSchema });

/** Sweeps of ended codes and sessions run at most this often per instance (on the way of a login). */
const SWEEP_EVERY_MS = 10 * 60_000;

/** Throws the code check's error (400 invalid or expired, 429 after too many wrong tries). */
function assertCode(check: CodeCheck): asserts check is Extract<CodeCheck, { ok: true }> {
  if (check.ok) return;
  if (check.reason === "too-many") throw new HttpError(429, CODE_ERRORS.tooMany);
  throw new HttpError(400, check.reason === "expired" ? CODE_ERRORS.expired : CODE_ERRORS.invalid);
}

/** Whether another user logs in with this email, or has it as their email. */
async function emailTaken(db: Db, email: string, userId: string): Promise<boolean> {
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
 * The embedded wallet's email login (contract routes 1–9): connect (a code, or a device-approval link for a known
 * email on a new device), the approval link, device status, verify (a session), the user, the auth share, the
 * wallet's registration, sign out, and the two-step email update. All answer 503 without EMBEDDED_SECRET.
 */
export function embeddedRoutes({ config, database }: RouteContext): FastifyPluginAsync {
  const { db } = database;
  const settings = config.embedded;
  const limit = { rateLimit: codeRouteLimit(config.rateLimit) };
  let mailer: Mailer | undefined;
  let lastSweep = 0;

  /** Sends a code's mail; when it cannot, withdraws the code (no cooldown for a mail that never left) and says so. */
  async function send(
    mail: Mail,
    log: FastifyBaseLogger,
    code: { purpose: CodePurpose; subject: string; hash: string },
  ) {
    mailer ??= createMailer({ smtpUrl: settings.smtpUrl, from: settings.emailFrom });
    try {
      await mailer.send(mail);
    } catch (error) {
      log.warn({ err: error, purpose: code.purpose }, "the embedded wallet's mail could not be sent");
      await withdrawCode(db, code.purpose, code.subject, code.hash);
      throw new HttpError(503, EMAIL_NOT_SENT);
    }
  }

  /** Issues a code, or answers 429 'Please try again after {n} seconds' (with Retry-After) within the cooldown. */
  async function issue(secret: Buffer, reply: FastifyReply, request: IssueRequest) {
    const issued = await issueCode(db, secret, request);
    if ("retryAfterSeconds" in issued) {
      reply.header("retry-after", String(issued.retryAfterSeconds));
      throw new HttpError(429, tryAgainAfter(issued.retryAfterSeconds));
    }
    return issued;
  }

  /**
   * Checks a step of the email change with the user's code: the new email it carries, still free (409 when another
   * account took it since).
   */
  async function checkUpdateCode(
    secret: Buffer,
    purpose: "update-primary" | "update-secondary",
    userId: string,
    otp: string,
  ): Promise<string> {
    const check = await checkCode(db, secret, { purpose, subject: userId, code: otp });
    assertCode(check);
    const newEmail = check.newEmail;
    if (!newEmail) throw new HttpError(400, CODE_ERRORS.invalid);
    if (await emailTaken(db, newEmail, userId)) throw new HttpError(409, EMAIL_IN_USE);
    return newEmail;
  }

  /** Issues a step of the email change (its code is for the user, keeps the new email) and mails it. */
  async function mailUpdateCode(
    secret: Buffer,
    reply: FastifyReply,
    purpose: "update-primary" | "update-secondary",
    userId: string,
    newEmail: string,
    mail: (code: string) => Mail,
  ) {
    const issued = await issue(secret, reply, { purpose, subject: userId, userId, newEmail });
    await send(mail(issued.secret), reply.log, { purpose, subject: userId, hash: issued.codeHash });
  }

  async function sweep(now = new Date()) {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    await sweepCodes(db, now);
    await sweepEmbeddedSessions(db, now);
  }

  return async (app) => {
    embeddedPluginBasics(app, settings.secret);
    app.addHook("onClose", async () => mailer?.close());
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ["embedded wallet"];

    r.post(
      "/v1/embedded/email/connect",
      {
        config: limit,
        schema: {
          tags,
          summary:
            "Starts an email login: mails a 6-digit code (VERIFY_OTP) or, for a known email on a new device, an approval link (VERIFY_DEVICE)",
          body: z.object({ email: emailField, deviceId: deviceIdField }),
          response: { 200: z.object({ action: z.enum(["VERIFY_OTP", "VERIFY_DEVICE"]) }) },
        },
      },
      async (request, reply) => {
        const secret = needSecret(settings.secret);
        const { email, deviceId } = request.body;
        await sweep();
        const deviceHash = hashDeviceId(secret, deviceId);
        const userId = await findUserIdByEmail(db, email);
        const needsApproval = userId !== undefined && !(await isDeviceApproved(db, userId, deviceHash));
        const purpose = needsApproval ? "device" : "login";
        const issued = await issue(secret, reply, { purpose, subject: email, deviceHash, userId });
        const mail = needsApproval
          ? deviceApprovalMail(
              email,
              `${settings.publicApiUrl}/v1/embedded/device/approve?token=${encodeURIComponent(issued.secret)}`,
            )
          : loginCodeMail(email, issued.secret);
        await send(mail, request.log, { purpose, subject: email, hash: issued.codeHash });
        return { action: needsApproval ? ("VERIFY_DEVICE" as const) : ("VERIFY_OTP" as const) };
      },
    );

    // The mailed link opens a question page; only its button (a form post) approves, so a mail scanner that opens
    // every link approves nothing.
    const deviceToken = z.string().max(100).optional().catch(undefined);
    const validToken = (token: string | undefined): token is string =>
      token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);
    r.get(
      "/v1/embedded/device/approve",
      {
        schema: {
          tags,
          summary: "The mailed device-approval link: a page asking to approve the device (approves nothing itself)",
          // A repeated or oversized token is simply not a valid link: the page says so.
          querystring: z.object({ token: deviceToken }),
        },
      },
      async (request, reply) => {
        needSecret(settings.secret);
        const token = request.query.token;
        reply.header("content-security-policy", APPROVAL_PAGE_CSP).header("cache-control", "no-store");
        reply.type("text/html; charset=utf-8");
        if (!validToken(token)) return reply.code(400).send(approvalPage(false));
        return approvalQuestionPage(token);
      },
    );
    r.register(async (form) => {
      // Only this route reads a form body.
      form.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      form.withTypeProvider<ZodTypeProvider>().post(
        "/v1/embedded/device/approve",
        {
          config: limit,
          schema: {
            tags,
            summary: "The approval page's button: approves the device once and answers a short HTML page",
            body: z.object({ token: deviceToken }).catch({ token: undefined }),
          },
        },
        async (request, reply) => {
          const secret = needSecret(settings.secret);
          const token = request.body.token;
          const approved = validToken(token) ? await useDeviceLink(db, secret, token) : undefined;
          if (approved) await approveDevice(db, approved.userId, approved.deviceHash);
          reply.header("content-security-policy", APPROVAL_PAGE_CSP).header("cache-control", "no-store");
          reply.type("text/html; charset=utf-8");
          return reply.code(approved ? 200 : 400).send(approvalPage(approved !== undefined));
        },
      );
    });

    r.post(
      "/v1/embedded/email/device-status",
      {
        schema: {
          tags,
          summary: "Whether this device was approved for the email (the frame polls it after VERIFY_DEVICE)",
          body: z.object({ email: emailField, deviceId: deviceIdField }),
          response: { 200: z.object({ approved: z.boolean() }) },
        },
      },
      async (request) => {
        const secret = needSecret(settings.secret);
        const userId = await findUserIdByEmail(db, request.body.email);
        const approved =
          userId !== undefined && (await isDeviceApproved(db, userId, hashDeviceId(secret, request.body.deviceId)));
        return { approved };
      },
    );

    r.post(
      "/v1/embedded/email/verify",
      {
        config: limit,
        schema: {
          tags,
          summary: "Checks the mailed code: a session token (30 days) for the device, which is approved from now on",
          body: z.object({ email: emailField, deviceId: deviceIdField, otp: otpField }),
          response: { 200: sessionAnswer },
        },
      },
      async (request) => {
        const secret = needSecret(settings.secret);
        const { email, deviceId, otp } = request.body;
        const deviceHash = hashDeviceId(secret, deviceId);
        assertCode(await checkCode(db, secret, { purpose: "login", subject: email, code: otp, deviceHash }));
        return signIn(db, secret, { provider: "email", subject: email }, deviceId);
      },
    );

    r.get(
      "/v1/embedded/me",
      {
        schema: {
          tags,
          summary: "The signed-in embedded-wallet user",
          description: BEARER_NOTE,
          response: { 200: userSchema },
        },
      },
      async (request) => {
        const secret = needSecret(settings.secret);
        const session = await bearerSession(db, secret, request);
        return embeddedUserView(await sessionUser(db, session));
      },
    );

    r.get(
      "/v1/embedded/wallet/share",
      {
        schema: {
          tags,
          summary: "The wallet's address and auth share (base64), for a session on an approved device",
          description: BEARER_NOTE,
          response: { 200: z.object({ address: z.string(), authShare: z.string() }) },
        },
      },
      async (request) => {
        const secret = needSecret(settings.secret);
        const session = await bearerSession(db, secret, request);
        // Sessions are made for approved devices only; checked again so a share never leaves for any other.
        if (!(await isDeviceApproved(db, session.userId, session.deviceHash)))
          throw new HttpError(403, "This device is not approved");
        const wallet = await readAuthShare(db, secret, session.userId);
        if (!wallet) throw new HttpError(404, NO_WALLET);
        return wallet;
      },
    );

    r.post(
      "/v1/embedded/wallet",
      {
        schema: {
          tags,
          summary:
            "Registers the user's wallet: its address, the auth share, and the new key's signature of 'Fundament embedded wallet\\nUser: {userId}\\nAddress: {address}'",
          description: BEARER_NOTE,
          body: z.object({ address: addressField, authShare: authShareField, signature: signatureField }),
          response: { 200: z.object({ address: z.string(), user: userSchema }) },
        },
      },
      async (request) => {
        const secret = needSecret(settings.secret);
        const session = await bearerSession(db, secret, request);
        const { address, authShare, signature } = request.body;
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
      },
    );

    r.post(
      "/v1/embedded/signout",
      { schema: { tags, summary: "Ends this session (its token stops working)", description: BEARER_NOTE } },
      async (request, reply) => {
        const secret = needSecret(settings.secret);
        // Signing out with a token that already ended is done already.
        const session = await bearerSession(db, secret, request).catch(() => undefined);
        if (session) await revokeEmbeddedSession(db, session.userId, session.sessionId);
        return reply.code(204).send();
      },
    );

    r.post(
      "/v1/embedded/email/update",
      {
        config: limit,
        schema: {
          tags,
          summary: "Starts an email change: mails a code to the current email (VERIFY_PRIMARY_OTP)",
          description: BEARER_NOTE,
          body: z.object({ email: emailField }),
          response: { 200: z.object({ action: z.literal("VERIFY_PRIMARY_OTP") }) },
        },
      },
      async (request, reply) => {
        const secret = needSecret(settings.secret);
        const user = await sessionUser(db, await bearerSession(db, secret, request));
        const newEmail = request.body.email;
        if (!user.email) throw new HttpError(400, "This account has no email to confirm the change with");
        if (newEmail === user.email) throw new HttpError(400, "This is already your email");
        if (await emailTaken(db, newEmail, user.id)) throw new HttpError(409, EMAIL_IN_USE);
        const currentEmail = user.email;
        await mailUpdateCode(secret, reply, "update-primary", user.id, newEmail, (code) =>
          updatePrimaryMail(currentEmail, code, newEmail),
        );
        return { action: "VERIFY_PRIMARY_OTP" as const };
      },
    );

    r.post(
      "/v1/embedded/email/update/primary",
      {
        config: limit,
        schema: {
          tags,
          summary: "Checks the current email's code, then mails a code to the new email (VERIFY_SECONDARY_OTP)",
          description: BEARER_NOTE,
          body: z.object({ otp: otpField }),
          response: { 200: z.object({ action: z.literal("VERIFY_SECONDARY_OTP") }) },
        },
      },
      async (request, reply) => {
        const secret = needSecret(settings.secret);
        const session = await bearerSession(db, secret, request);
        const newEmail = await checkUpdateCode(secret, "update-primary", session.userId, request.body.otp);
        await mailUpdateCode(secret, reply, "update-secondary", session.userId, newEmail, (code) =>
          updateSecondaryMail(newEmail, code),
        );
        return { action: "VERIFY_SECONDARY_OTP" as const };
      },
    );

    r.post(
      "/v1/embedded/email/update/secondary",
      {
        config: limit,
        schema: {
          tags,
          summary: "Checks the new email's code and makes it the account's email (and email login)",
          description: BEARER_NOTE,
          body: z.object({ otp: otpField }),
          response: { 200: z.object({ email: z.string() }) },
        },
      },
      async (request) => {
        const secret = needSecret(settings.secret);
        const session = await bearerSession(db, secret, request);
        const newEmail = await checkUpdateCode(secret, "update-secondary", session.userId, request.body.otp);
        const now = new Date();
        try {
          await db.transaction(async (tx) => {
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
      },
    );
  };
}
