import { and, eq, gt, isNull, lt } from "drizzle-orm";
import * as client from "openid-client";
import type { Db } from "../db/client.js";
import { embeddedOauthStates } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import { DecryptError, decrypt, encrypt, hmac } from "./crypto.js";
import { hashDeviceId } from "./devices.js";
import { SOCIAL_PROVIDER_NAMES, type SocialProvider, type SocialProviderConfig } from "./embeddedConfig.js";
import { signIn } from "./http.js";
import { SocialLoginError, type SocialLogins } from "./social.js";
import type { EmbeddedUserView } from "./users.js";

/** A social login must be finished within 10 minutes of its start. */
export const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000;

export const SOCIAL_NOT_CONFIGURED = "Social login is not configured";
export const SOCIAL_ERRORS = {
  invalid: "This sign-in link is not valid. Try again.",
  expired: "This sign-in link has expired. Try again.",
  used: "This sign-in link was already used. Try again.",
  otherDevice: "This sign-in was started on another device. Try again.",
} as const;

/** Where a failure's details go (pino's `warn` fits). */
export type SocialLog = { warn(object: object, message: string): void };

/** What the social-login steps work with: the database, the providers, and the frame's callback page. */
export type SocialLoginState = { db: Db; logins: SocialLogins; callbackPage: string };

/** The stored form of a login's state. */
const hashState = (secret: Buffer, state: string): string => hmac(secret, `oauth-state:${state}`);

/** The provider's configuration, or 400 '<Provider> login is not configured'. */
export function configuredProvider(logins: SocialLogins, provider: string): SocialProviderConfig {
  const configured = logins.get(provider);
  if (!configured)
    throw new HttpError(
      400,
      `${SOCIAL_PROVIDER_NAMES[provider as SocialProvider] ?? provider} login is not configured`,
    );
  return configured;
}

/**
 * Starts a social login: the provider's authorization URL (code flow with PKCE). The state is stored as its HMAC,
 * bound to the device, with the PKCE verifier encrypted; it lives SOCIAL_STATE_TTL_MS.
 */
export async function startSocialLogin(
  { db, logins, callbackPage }: SocialLoginState,
  key: Buffer,
  body: { provider: string; deviceId: string; redirectUri: string },
  log: SocialLog,
): Promise<{ uri: string }> {
  const provider = configuredProvider(logins, body.provider);
  if (body.redirectUri !== callbackPage) throw new HttpError(400, `redirectUri must be ${callbackPage}`);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  let uri: URL;
  try {
    uri = await logins.authorizationUrl(provider, { redirectUri: callbackPage, state, nonce, codeVerifier });
  } catch (error) {
    throw publicError(error, log, provider.provider);
  }
  const now = Date.now();
  // Logins never finished are kept a day past their expiry (so a late finish hears "expired"), then dropped.
  await db.delete(embeddedOauthStates).where(lt(embeddedOauthStates.expiresAt, new Date(now - 86_400_000)));
  await db.insert(embeddedOauthStates).values({
    stateHash: hashState(key, state),
    provider: provider.provider,
    codeVerifierEnc: encrypt(key, codeVerifier),
    nonce,
    deviceHash: hashDeviceId(key, body.deviceId),
    redirectUri: callbackPage,
    expiresAt: new Date(now + SOCIAL_STATE_TTL_MS),
  });
  return { uri: uri.toString() };
}

/** The `state` of the provider's redirect back to the frame's callback page, or 400 for any other URL. */
function callbackState(callbackPage: string, text: string): { callbackUrl: URL; state: string } {
  let callbackUrl: URL;
  try {
    callbackUrl = new URL(text);
  } catch {
    throw new HttpError(400, SOCIAL_ERRORS.invalid);
  }
  const state = callbackUrl.searchParams.get("state");
  if (`${callbackUrl.origin}${callbackUrl.pathname}` !== callbackPage || !state)
    throw new HttpError(400, SOCIAL_ERRORS.invalid);
  return { callbackUrl, state };
}

/**
 * Takes the login's state for the device: one statement, so of two finishes racing with one link only one gets it.
 * 400 for a state that is unknown, used, expired, or another device's (which is refused without being spent).
 */
async function takeLoginState(db: Db, key: Buffer, state: string, deviceId: string) {
  const stateHash = hashState(key, state);
  const deviceHash = hashDeviceId(key, deviceId);
  const now = new Date();
  const [login] = await db
    .update(embeddedOauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(embeddedOauthStates.stateHash, stateHash),
        isNull(embeddedOauthStates.usedAt),
        eq(embeddedOauthStates.deviceHash, deviceHash),
        gt(embeddedOauthStates.expiresAt, now),
      ),
    )
    .returning();
  if (login) return login;
  const [row] = await db.select().from(embeddedOauthStates).where(eq(embeddedOauthStates.stateHash, stateHash));
  // A state from another device is refused without spending it: the device that started it can still finish.
  if (row && row.deviceHash !== deviceHash) throw new HttpError(400, SOCIAL_ERRORS.otherDevice);
  if (row?.usedAt) throw new HttpError(400, SOCIAL_ERRORS.used);
  if (row) throw new HttpError(400, SOCIAL_ERRORS.expired);
  throw new HttpError(400, SOCIAL_ERRORS.invalid);
}

/** The login's PKCE verifier; 400 'expired' when it was made with another EMBEDDED_SECRET (rotated since the start). */
function readVerifier(key: Buffer, encrypted: string, log: SocialLog): string {
  try {
    return decrypt(key, encrypted);
  } catch (error) {
    if (!(error instanceof DecryptError)) throw error;
    log.warn({ err: error }, "a social login's verifier could not be decrypted");
    throw new HttpError(400, SOCIAL_ERRORS.expired);
  }
}

/** Finishes a social login from the provider's redirect back to the frame: a session for the device. */
export async function finishSocialLogin(
  { db, logins, callbackPage }: SocialLoginState,
  key: Buffer,
  body: { callbackUrl: string; deviceId: string },
  log: SocialLog,
): Promise<{ sessionToken: string; user: EmbeddedUserView }> {
  const { callbackUrl, state } = callbackState(callbackPage, body.callbackUrl);
  const login = await takeLoginState(db, key, state, body.deviceId);
  const provider = configuredProvider(logins, login.provider);
  const codeVerifier = readVerifier(key, login.codeVerifierEnc, log);
  let identity: Awaited<ReturnType<SocialLogins["finish"]>>;
  try {
    identity = await logins.finish(provider, { callbackUrl, state, nonce: login.nonce, codeVerifier });
  } catch (error) {
    throw publicError(error, log, provider.provider);
  }
  const { subject, email, userName } = identity;
  return signIn(db, key, { provider: provider.provider, subject, email, userName }, body.deviceId);
}

/** A social login failure as the answer shows it; the log keeps the provider's or the network's own words. */
function publicError(error: unknown, log: SocialLog, provider: string): unknown {
  if (!(error instanceof SocialLoginError)) return error;
  log.warn({ err: error, provider, ...providerAnswer(error.cause) }, "social login failed");
  return new HttpError(error.statusCode, error.message);
}

/** The OAuth error a provider answered (`error`, `error_description`, HTTP status), for the log. */
function providerAnswer(cause: unknown): Record<string, string | number> {
  let fields: { error?: unknown; error_description?: unknown; status?: unknown } | undefined;
  if (cause instanceof client.WWWAuthenticateChallengeError)
    // A 401 with the OAuth error in its WWW-Authenticate header (e.g. a client secret the provider refuses).
    fields = { ...cause.cause[0]?.parameters, status: cause.status };
  else if (typeof cause === "object" && cause !== null) fields = cause;
  if (!fields) return {};
  const answer: Record<string, string | number> = {};
  if (typeof fields.error === "string") answer.providerError = fields.error.slice(0, 200);
  if (typeof fields.error_description === "string")
    answer.providerErrorDescription = fields.error_description.slice(0, 500);
  if (typeof fields.status === "number") answer.providerStatus = fields.status;
  return answer;
}
