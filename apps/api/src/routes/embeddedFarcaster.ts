import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type FarcasterLogin, farcasterLogin } from "../embedded/farcaster.js";
import { createEmbeddedSession } from "../embedded/sessions.js";
import { embeddedUserView, findOrCreateUserByIdentity } from "../embedded/users.js";
import { HttpError } from "../http/errors.js";
import type { RouteContext } from "./context.js";

/** The frame's device id: 32 random bytes, base64url (43 characters). */
const deviceId = z
  .string({ error: "deviceId is required" })
  .regex(/^[A-Za-z0-9_-]{43}$/, "deviceId must be 43 base64url characters");
const channelToken = z
  .string({ error: "channelToken is required" })
  .min(1, "channelToken is required")
  .max(1_000, "channelToken must be at most 1000 characters")
  .regex(/^[\x21-\x7e]+$/, "channelToken must be printable characters without spaces");

const userSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  loginMethod: z.string(),
  userName: z.string().nullable(),
});

export const FARCASTER_NOT_CONFIGURED = "Farcaster login is not configured";

/**
 * Sign In With Farcaster for the embedded wallet (contract §12): `POST /v1/embedded/farcaster/channel {deviceId}` →
 * `{url, channelToken}`, then the frame polls `POST /v1/embedded/farcaster/status {channelToken, deviceId}` →
 * `{state: "pending"}` until the person approves in their Farcaster app, then once `{state: "completed",
 * sessionToken, user}`. Both answer 503 "Farcaster login is not configured" without FARCASTER_RELAY_URL (or without
 * EMBEDDED_SECRET, which keys every stored hash).
 */
export function embeddedFarcasterRoutes({
  config,
  database,
}: Pick<RouteContext, "config" | "database">): FastifyPluginAsync {
  const { db } = database;
  const { secret, farcaster } = config.embedded;
  const login: FarcasterLogin | undefined =
    secret && farcaster ? farcasterLogin({ db, secret, settings: farcaster }) : undefined;
  const configured = (): { login: FarcasterLogin; secret: Buffer } => {
    if (!login || !secret) throw new HttpError(503, FARCASTER_NOT_CONFIGURED);
    return { login, secret };
  };

  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.post(
      "/v1/embedded/farcaster/channel",
      {
        schema: {
          tags: ["embedded"],
          summary: "Opens a Sign In With Farcaster request: the link (and QR code) for the person's Farcaster app",
          body: z.object({ deviceId }),
          response: { 200: z.object({ url: z.string(), channelToken: z.string() }) },
        },
      },
      async (request, reply) => {
        const { login } = configured();
        reply.header("cache-control", "no-store");
        return login.createChannel(request.body.deviceId);
      },
    );

    typed.post(
      "/v1/embedded/farcaster/status",
      {
        schema: {
          tags: ["embedded"],
          summary:
            "A Farcaster sign-in request's state: pending, or once completed (signature verified) with a session token",
          body: z.object({ channelToken, deviceId }),
          response: {
            200: z.union([
              z.object({ state: z.literal("pending") }),
              z.object({ state: z.literal("completed"), sessionToken: z.string(), user: userSchema }),
            ]),
          },
        },
      },
      async (request, reply) => {
        const { login, secret } = configured();
        reply.header("cache-control", "no-store");
        const result = await login.checkChannel(request.body.channelToken, request.body.deviceId);
        if (result.state === "pending") return { state: "pending" as const };
        const user = await findOrCreateUserByIdentity(db, {
          provider: "farcaster",
          subject: String(result.fid),
          userName: result.username,
        });
        const { sessionToken } = await createEmbeddedSession(db, secret, {
          userId: user.id,
          deviceId: request.body.deviceId,
          loginMethod: "farcaster",
        });
        return { state: "completed" as const, sessionToken, user: embeddedUserView(user) };
      },
    );
  };
}
