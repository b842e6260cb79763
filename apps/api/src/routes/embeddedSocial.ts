import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as client from "openid-client";
import { z } from "zod";
import { embeddedOauthStates } from "../db/schema.js";
import { DecryptError, decrypt, encrypt, hmac } from "../embedded/crypto.js";
import { hashDeviceId } from "../embedded/devices.js";
import {
  SOCIAL_PROVIDER_NAMES,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  type SocialProviderConfig,
} from "../embedded/embeddedConfig.js";
import { loginDeviceIdField, signIn, userSchema } from "../embedded/http.js";
import { createSocialLogins, SocialLoginError } from "../embedded/social.js";
import { HttpError } from "../http/errors.js";
import type { RouteContext } from "./context.js";

/** A social login must be finished within 10 minutes of its start. */
export const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000;

export const SOCIAL_NOT_CONFIGURED = "Social login is not configured";
export const SOCIAL_ERRORS = {
  invalid: "This sign-in link is not valid. Try again.",
  expired: "This sign-in link has expired. Try again.",
  used: "This sign-in link was already used. Try again.",
  otherDevice: "This sign-in was started on another device. Try again.",
} as const;

/** The stored form of a login's state. */
const hashState = (secret: Buffer, state: string): string => hmac(secret, `oauth-state:${state}`);

/**
 * Social login for the embedded wallet (contract §11): `GET /v1/embedded/social/providers` → the configured ones;
 * `POST /v1/embedded/social/start {provider, deviceId, redirectUri}` → `{uri}`, the provider's authorization URL (the
 * app opens it in a popup, which comes back to the frame's `/social-callback.html`); `POST /v1/embedded/social/finish
 * {callbackUrl, deviceId}` → `{sessionToken, user}`. The state is single use, bound to the device that started it and
 * lives 10 minutes; it is stored as its HMAC and the PKCE verifier encrypted. Failures are plain sentences; the log
 * keeps what the provider said.
 */
export function embeddedSocialRoutes({
  config,
  database,
}: Pick<RouteContext, "config" | "database">): FastifyPluginAsync {
  const { db } = database;
  const { secret, frameOrigin } = config.embedded;
  const logins = createSocialLogins(config.embedded.social);
  const callbackPage = `${frameOrigin}/social-callback.html`;

  const requireSecret = (): Buffer => {
    if (!secret) throw new HttpError(503, SOCIAL_NOT_CONFIGURED);
    return secret;
  };
  const configuredProvider = (provider: string): SocialProviderConfig => {
    const configured = logins.get(provider);
    if (!configured)
      throw new HttpError(
        400,
        `${SOCIAL_PROVIDER_NAMES[provider as SocialProvider] ?? provider} login is not configured`,
      );
    return configured;
  };

  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.get(
      "/v1/embedded/social/providers",
      {
        schema: {
          tags: ["embedded"],
          summary: "The social logins this server offers (configured in OIDC_PROVIDERS)",
          response: { 200: z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) }) },
        },
      },
      // Without EMBEDDED_SECRET no login can finish, so none is offered.
      async () => ({ providers: secret ? logins.list() : [] }),
    );

    typed.post(
      "/v1/embedded/social/start",
      {
        schema: {
          tags: ["embedded"],
          summary: "Starts a social login: the provider's authorization URL (code flow with PKCE), valid 10 minutes",
          body: z.object({
            provider: z.enum(SOCIAL_PROVIDERS, { error: `provider must be one of ${SOCIAL_PROVIDERS.join(", ")}` }),
            deviceId: loginDeviceIdField,
            redirectUri: z.string({ error: "redirectUri is required" }).max(2_000, "redirectUri is too long"),
          }),
          response: { 200: z.object({ uri: z.string() }) },
        },
      },
      async (request, reply) => {
        const key = requireSecret();
        const provider = configuredProvider(request.body.provider);
        if (request.body.redirectUri !== callbackPage) throw new HttpError(400, `redirectUri must be ${callbackPage}`);
        const state = client.randomState();
        const nonce = client.randomNonce();
        const codeVerifier = client.randomPKCECodeVerifier();
        let uri: URL;
        try {
          uri = await logins.authorizationUrl(provider, { redirectUri: callbackPage, state, nonce, codeVerifier });
        } catch (error) {
          throw publicError(error, request.log, provider.provider);
        }
        const now = Date.now();
        // Logins never finished are kept a day past their expiry (so a late finish hears "expired"), then dropped.
        await db.delete(embeddedOauthStates).where(lt(embeddedOauthStates.expiresAt, new Date(now - 86_400_000)));
        await db.insert(embeddedOauthStates).values({
          stateHash: hashState(key, state),
          provider: provider.provider,
          codeVerifierEnc: encrypt(key, codeVerifier),
          nonce,
          deviceHash: hashDeviceId(key, request.body.deviceId),
          redirectUri: callbackPage,
          expiresAt: new Date(now + SOCIAL_STATE_TTL_MS),
        });
        reply.header("cache-control", "no-store");
        return { uri: uri.toString() };
      },
    );

    typed.post(
      "/v1/embedded/social/finish",
      {
        schema: {
          tags: ["embedded"],
          summary: "Finishes a social login from the provider's redirect back to the frame: a session for the device",
          body: z.object({
            callbackUrl: z.string({ error: "callbackUrl is required" }).max(8_000, "callbackUrl is too long"),
            deviceId: loginDeviceIdField,
          }),
          response: { 200: z.object({ sessionToken: z.string(), user: userSchema }) },
        },
      },
      async (request, reply) => {
        const key = requireSecret();
        let callbackUrl: URL;
        try {
          callbackUrl = new URL(request.body.callbackUrl);
        } catch {
          throw new HttpError(400, SOCIAL_ERRORS.invalid);
        }
        const state = callbackUrl.searchParams.get("state");
        if (`${callbackUrl.origin}${callbackUrl.pathname}` !== callbackPage || !state)
          throw new HttpError(400, SOCIAL_ERRORS.invalid);

        // Taking the state is one statement, so of two finishes racing with one link only one gets it.
        const stateHash = hashState(key, state);
        const deviceHash = hashDeviceId(key, request.body.deviceId);
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
        if (!login) {
          const [row] = await db.select().from(embeddedOauthStates).where(eq(embeddedOauthStates.stateHash, stateHash));
          // A state from another device is refused without spending it: the device that started it can still finish.
          if (row && row.deviceHash !== deviceHash) throw new HttpError(400, SOCIAL_ERRORS.otherDevice);
          if (row?.usedAt) throw new HttpError(400, SOCIAL_ERRORS.used);
          if (row) throw new HttpError(400, SOCIAL_ERRORS.expired);
          throw new HttpError(400, SOCIAL_ERRORS.invalid);
        }
        const provider = configuredProvider(login.provider);
        let codeVerifier: string;
        try {
          codeVerifier = decrypt(key, login.codeVerifierEnc);
        } catch (error) {
          if (!(error instanceof DecryptError)) throw error;
          // Made with another EMBEDDED_SECRET (rotated since the start): the login has to start again.
          request.log.warn({ err: error }, "a social login's verifier could not be decrypted");
          throw new HttpError(400, SOCIAL_ERRORS.expired);
        }

        let identity: Awaited<ReturnType<typeof logins.finish>>;
        try {
          identity = await logins.finish(provider, { callbackUrl, state, nonce: login.nonce, codeVerifier });
        } catch (error) {
          throw publicError(error, request.log, provider.provider);
        }
        const answer = await signIn(
          db,
          key,
          {
            provider: provider.provider,
            subject: identity.subject,
            email: identity.email,
            userName: identity.userName,
          },
          request.body.deviceId,
        );
        reply.header("cache-control", "no-store");
        return answer;
      },
    );
  };
}

/** A social login failure as the answer shows it; the log keeps the provider's or the network's own words. */
function publicError(error: unknown, log: { warn(object: object, message: string): void }, provider: string): unknown {
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
