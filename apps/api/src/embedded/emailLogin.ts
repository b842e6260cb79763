import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import {
  type CodeCheck,
  type CodePurpose,
  checkCode,
  type IssueRequest,
  issueCode,
  sweepCodes,
  useDeviceLink,
  withdrawCode,
} from "./codes.js";
import { approveDevice, hashDeviceId, isDeviceApproved } from "./devices.js";
import { deviceApprovalMail, loginCodeMail } from "./emails.js";
import type { EmbeddedConfig } from "./embeddedConfig.js";
import { signIn, tryAgainAfter } from "./http.js";
import { createMailer, type Mail, type Mailer } from "./mailer.js";
import { sweepEmbeddedSessions } from "./sessions.js";
import { type EmbeddedUserView, findUserIdByEmail } from "./users.js";

/** Texts of the code checks (the frame shows them as they are). */
export const CODE_ERRORS = {
  invalid: "Invalid code",
  expired: "The code has expired. Request a new code.",
  tooMany: "Too many attempts. Request a new code.",
} as const;
export const EMAIL_NOT_SENT = "The email could not be sent. Please try again in a moment.";

/** Sweeps of ended codes and sessions run at most this often per instance (on the way of a login). */
const SWEEP_EVERY_MS = 10 * 60_000;

/** Where a step answers besides its result: the `Retry-After` header of a cooldown, and the request's log. */
export type CodeReply = { header(name: string, value: string): unknown; log: FastifyBaseLogger };

/** The email login's state: the database, the settings, the mailer (made on the first mail), the last sweep. */
export type EmailLoginState = {
  db: Db;
  settings: Pick<EmbeddedConfig, "smtpUrl" | "emailFrom" | "publicApiUrl">;
  mailer: Mailer | undefined;
  lastSweep: number;
};

/** Throws the code check's error (400 invalid or expired, 429 after too many wrong tries). */
export function assertCode(check: CodeCheck): asserts check is Extract<CodeCheck, { ok: true }> {
  if (check.ok) return;
  if (check.reason === "too-many") throw new HttpError(429, CODE_ERRORS.tooMany);
  throw new HttpError(400, check.reason === "expired" ? CODE_ERRORS.expired : CODE_ERRORS.invalid);
}

/** Sends a code's mail; when it cannot, withdraws the code (no cooldown for a mail that never left) and says so. */
export async function sendCodeMail(
  state: EmailLoginState,
  mail: Mail,
  log: FastifyBaseLogger,
  code: { purpose: CodePurpose; subject: string; hash: string },
): Promise<void> {
  state.mailer ??= createMailer({ smtpUrl: state.settings.smtpUrl, from: state.settings.emailFrom });
  try {
    await state.mailer.send(mail);
  } catch (error) {
    log.warn({ err: error, purpose: code.purpose }, "the embedded wallet's mail could not be sent");
    await withdrawCode(state.db, code.purpose, code.subject, code.hash);
    throw new HttpError(503, EMAIL_NOT_SENT);
  }
}

/** Issues a code, or answers 429 'Please try again after {n} seconds' (with Retry-After) within the cooldown. */
export async function issueCodeOrWait(state: EmailLoginState, secret: Buffer, reply: CodeReply, request: IssueRequest) {
  const issued = await issueCode(state.db, secret, request);
  if ("retryAfterSeconds" in issued) {
    reply.header("retry-after", String(issued.retryAfterSeconds));
    throw new HttpError(429, tryAgainAfter(issued.retryAfterSeconds));
  }
  return issued;
}

/** Deletes ended codes and sessions, at most once per SWEEP_EVERY_MS. */
async function sweepEnded(state: EmailLoginState, now = new Date()): Promise<void> {
  if (now.getTime() - state.lastSweep < SWEEP_EVERY_MS) return;
  state.lastSweep = now.getTime();
  await sweepCodes(state.db, now);
  await sweepEmbeddedSessions(state.db, now);
}

/**
 * Starts an email login: mails a 6-digit code (VERIFY_OTP) or, for a known email on a device not approved for it,
 * a device-approval link (VERIFY_DEVICE).
 */
async function connectByEmail(
  state: EmailLoginState,
  secret: Buffer,
  { email, deviceId }: { email: string; deviceId: string },
  reply: CodeReply,
): Promise<{ action: "VERIFY_OTP" | "VERIFY_DEVICE" }> {
  const { db, settings } = state;
  await sweepEnded(state);
  const deviceHash = hashDeviceId(secret, deviceId);
  const userId = await findUserIdByEmail(db, email);
  const needsApproval = userId !== undefined && !(await isDeviceApproved(db, userId, deviceHash));
  const purpose = needsApproval ? "device" : "login";
  const issued = await issueCodeOrWait(state, secret, reply, { purpose, subject: email, deviceHash, userId });
  const mail = needsApproval
    ? deviceApprovalMail(
        email,
        `${settings.publicApiUrl}/v1/embedded/device/approve?token=${encodeURIComponent(issued.secret)}`,
      )
    : loginCodeMail(email, issued.secret);
  await sendCodeMail(state, mail, reply.log, { purpose, subject: email, hash: issued.codeHash });
  return { action: needsApproval ? "VERIFY_DEVICE" : "VERIFY_OTP" };
}

/** The approval page's button: approves the link's device once; whether it did. */
async function approveDeviceByLink(state: EmailLoginState, secret: Buffer, token: string): Promise<boolean> {
  const approved = await useDeviceLink(state.db, secret, token);
  if (approved) await approveDevice(state.db, approved.userId, approved.deviceHash);
  return approved !== undefined;
}

/** Whether this device was approved for the email (the frame polls it after VERIFY_DEVICE). */
async function deviceStatus(
  state: EmailLoginState,
  secret: Buffer,
  { email, deviceId }: { email: string; deviceId: string },
): Promise<{ approved: boolean }> {
  const userId = await findUserIdByEmail(state.db, email);
  const approved = userId !== undefined && (await isDeviceApproved(state.db, userId, hashDeviceId(secret, deviceId)));
  return { approved };
}

/** Checks the mailed code: a session for the device, which is approved from now on. */
async function verifyEmailCode(
  state: EmailLoginState,
  secret: Buffer,
  { email, deviceId, otp }: { email: string; deviceId: string; otp: string },
): Promise<{ sessionToken: string; user: EmbeddedUserView }> {
  const deviceHash = hashDeviceId(secret, deviceId);
  assertCode(await checkCode(state.db, secret, { purpose: "login", subject: email, code: otp, deviceHash }));
  return signIn(state.db, secret, { provider: "email", subject: email }, deviceId);
}

export type EmailLogin = ReturnType<typeof createEmailLogin>;

/**
 * The embedded wallet's email login as steps the routes call: connect, the device-approval link, device status and
 * verify. Holds the mailer (made on the first mail; `close` ends it) and the time of the last sweep of ended codes
 * and sessions.
 */
export function createEmailLogin(db: Db, settings: EmailLoginState["settings"]) {
  const state: EmailLoginState = { db, settings, mailer: undefined, lastSweep: 0 };
  return {
    state,
    connect: (secret: Buffer, body: { email: string; deviceId: string }, reply: CodeReply) =>
      connectByEmail(state, secret, body, reply),
    approveDeviceByLink: (secret: Buffer, token: string) => approveDeviceByLink(state, secret, token),
    deviceStatus: (secret: Buffer, body: { email: string; deviceId: string }) => deviceStatus(state, secret, body),
    verify: (secret: Buffer, body: { email: string; deviceId: string; otp: string }) =>
      verifyEmailCode(state, secret, body),
    close: (): void => state.mailer?.close(),
  };
}
