import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { SOCIAL_PROVIDERS } from "../embedded/embeddedConfig.js";
import { loginDeviceIdField, userSchema } from "../embedded/http.js";
import { createSocialLogins } from "../embedded/social.js";
import {
  finishSocialLogin,
  SOCIAL_NOT_CONFIGURED,
  type SocialLoginState,
  startSocialLogin,
} from "../embedded/socialLogin.js";
import { HttpError } from "../http/errors.js";
import type { RouteContext } from "./context.js";

/**
 * Social login for the embedded wallet (contract §11): `GET /v1/embedded/social/providers` → the configured ones;
 * `POST /v1/embedded/social/start {provider, deviceId, redirectUri}` → `{uri}`, the provider's authorization URL (the
 * app opens it in a popup, which comes back to the frame's `/social-callback.html`); `POST /v1/embedded/social/finish
 * {callbackUrl, deviceId}` → `{sessionToken, user}`. The state is single use, bound to the device that started it and
 * lives 10 minutes; it is stored as its HMAC and the PKCE verifier encrypted. Failures are plain sentences; the log
 * keeps what the provider said. The steps are `startSocialLogin` and `finishSocialLogin`.
 */
export function embeddedSocialRoutes({
  config,
  database,
}: Pick<RouteContext, "config" | "database">): FastifyPluginAsync {
  const { secret, frameOrigin } = config.embedded;
  const social: SocialLoginState = {
    db: database.db,
    logins: createSocialLogins(config.embedded.social),
    callbackPage: `${frameOrigin}/social-callback.html`,
  };
  const requireSecret = (): Buffer => {
    if (!secret) throw new HttpError(503, SOCIAL_NOT_CONFIGURED);
    return secret;
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
      async () => ({ providers: secret ? social.logins.list() : [] }),
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
        const answer = await startSocialLogin(social, requireSecret(), request.body, request.log);
        reply.header("cache-control", "no-store");
        return answer;
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
        const answer = await finishSocialLogin(social, requireSecret(), request.body, request.log);
        reply.header("cache-control", "no-store");
        return answer;
      },
    );
  };
}
