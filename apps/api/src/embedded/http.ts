import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/client.js";
import { errorBody, HttpError } from "../http/errors.js";
import { createEmbeddedSession, type EmbeddedSession, readEmbeddedSession } from "./sessions.js";
import {
  type EmbeddedUserView,
  embeddedUserView,
  findOrCreateUserByIdentity,
  type Identity,
  readEmbeddedUser,
} from "./users.js";

/**
 * What the embedded routes share: the 503 without EMBEDDED_SECRET, validation errors as plain sentences, the
 * bearer session, the fields' parsers, and the stricter per-client limit of the routes that send mail or check codes.
 */

export const NOT_CONFIGURED = "Email login is not configured";
export const NOT_SIGNED_IN = "Not signed in";
/** The OpenAPI description of the routes that need a session. */
export const BEARER_NOTE =
  "Needs `Authorization: Bearer <sessionToken>` (from verify, or a social or Farcaster login).";

/** Spec §5: 'Please try again after {n} seconds'. */
export const tryAgainAfter = (seconds: number) => `Please try again after ${seconds} seconds`;

/**
 * The routes that send mail or check a code get a thirtieth of the API's per-client limit (RATE_LIMIT_MAX per
 * RATE_LIMIT_WINDOW_MS: 33 a minute by default), counted per route on the same fleet-wide store. Together with the
 * per-email cooldown and the 5 tries per code, this bounds mail floods and code guessing from one client.
 */
export function codeRouteLimit(rateLimit: { max: number; windowMs: number }) {
  return { max: Math.max(1, Math.floor(rateLimit.max / 30)), timeWindow: rateLimit.windowMs };
}

/** The embedded secret, or 503 (the `onRequest` hook already refuses every route without it). */
export function needSecret(secret: Buffer | undefined): Buffer {
  if (!secret) throw new HttpError(503, NOT_CONFIGURED);
  return secret;
}

/**
 * Registers, on an encapsulated plugin: the 503 without EMBEDDED_SECRET (before any parsing), `cache-control:
 * no-store` on every answer (tokens and shares must never sit in a cache), and an error handler that answers a
 * validation error with its field's own plain sentence ("Invalid email", "Invalid code"); other errors go on to the
 * app's handler.
 */
export function embeddedPluginBasics(app: FastifyInstance, secret: Buffer | undefined): void {
  app.addHook("onRequest", async () => {
    if (!secret) throw new HttpError(503, NOT_CONFIGURED);
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (!hasZodFastifySchemaValidationErrors(error)) throw error;
    const [first] = error.validation;
    const message =
      first && first.instancePath !== "/" && first.instancePath !== ""
        ? first.message
        : error.validationContext === "body"
          ? "The request body must be a JSON object"
          : "The request is not valid";
    return reply.code(400).send(errorBody(400, message ?? "The request is not valid"));
  });
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/;

/** The live session of the request's `Authorization: Bearer <token>`, or 401 'Not signed in'. */
export async function bearerSession(db: Db, secret: Buffer, request: FastifyRequest): Promise<EmbeddedSession> {
  const header = request.headers.authorization;
  const token = typeof header === "string" ? BEARER.exec(header)?.[1] : undefined;
  const session = token ? await readEmbeddedSession(db, secret, token) : undefined;
  if (!session) throw new HttpError(401, NOT_SIGNED_IN);
  return session;
}

/** The session's user (as seen through its login method), or 401 'Not signed in' when the user is gone. */
export async function sessionUser(db: Db, session: EmbeddedSession): Promise<EmbeddedUserView> {
  const user = await readEmbeddedUser(db, session.userId, session.loginMethod);
  if (!user) throw new HttpError(401, NOT_SIGNED_IN);
  return user;
}

/**
 * A finished login (a verified code, a social or a Farcaster login): the identity's user (made on the first login)
 * and a new session for the device, as every login route answers them. The identity's provider is the session's
 * login method.
 */
export async function signIn(
  db: Db,
  secret: Buffer,
  identity: Identity,
  deviceId: string,
): Promise<{ sessionToken: string; user: EmbeddedUserView }> {
  const user = await findOrCreateUserByIdentity(db, identity);
  const { sessionToken } = await createEmbeddedSession(db, secret, {
    userId: user.id,
    deviceId,
    loginMethod: identity.provider,
  });
  return { sessionToken, user: embeddedUserView(user) };
}

/** The `user` of the answers (contract: id, email, address, loginMethod, userName). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  loginMethod: z.string(),
  userName: z.string().nullable(),
});

/** Email: trimmed, at most 254 characters, valid syntax, lower-cased; else 'Invalid email'. */
export const emailField = z
  .string({ error: "Invalid email" })
  .trim()
  .max(254, "Invalid email")
  .pipe(z.email({ error: "Invalid email" }))
  .transform((value) => value.toLowerCase());

/** The frame's device id: 32 random bytes, base64url (43 characters). */
export const deviceIdField = z
  .string({ error: "deviceId must be the frame's device id (43 base64url characters)" })
  .regex(/^[A-Za-z0-9_-]{43}$/, "deviceId must be the frame's device id (43 base64url characters)");

/** The device id of the social and Farcaster logins (their own wording, kept as the frame shows it). */
export const loginDeviceIdField = z
  .string({ error: "deviceId is required" })
  .regex(/^[A-Za-z0-9_-]{43}$/, "deviceId must be 43 base64url characters");

/** Spec §5: the OTP payload is a string; ours are 6 digits. */
export const otpField = z.string({ error: "Invalid code" }).regex(/^\d{6}$/, "Invalid code");

export const addressField = z
  .string({ error: "address must be a 0x address (40 hex digits)" })
  .regex(/^0x[0-9a-fA-F]{40}$/, "address must be a 0x address (40 hex digits)");

/** An EOA signature: 65 bytes (or the 64-byte compact form), 0x-hex. */
export const signatureField = z
  .string({ error: "signature must be a 0x-prefixed hex signature" })
  .regex(/^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/, "signature must be a 0x-prefixed hex signature");

/** The auth share: base64 (or base64url), at most 1024 characters (a share of a 32-byte key is 44). */
export const authShareField = z
  .string({ error: "authShare must be base64 text of at most 1024 characters" })
  .min(4, "authShare must be base64 text of at most 1024 characters")
  .max(1024, "authShare must be base64 text of at most 1024 characters")
  .regex(/^(?:[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_-]+)$/, "authShare must be base64 text of at most 1024 characters");
