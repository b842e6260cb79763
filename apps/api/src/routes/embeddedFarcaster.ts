import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type FarcasterLogin, farcasterLogin } from "../embedded/farcaster.js";
import { loginDeviceIdField, signIn, userSchema } from "../embedded/http.js";
import { HttpError } from "../http/errors.js";
import type { RouteContext } from "./context.js";

const channelToken = z
  .string({ error: "channelToken is required" })
  .min(1, "channelToken is required")
  .max(1_000, "channelToken must be at most 1000 characters")
  .regex(/^[\x21-\x7e]+$/, "channelToken must be printable characters without spaces");

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
          body: z.object({ deviceId: loginDeviceIdField }),
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
          body: z.object({ channelToken, deviceId: loginDeviceIdField }),
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
        const identity = { provider: "farcaster" as const, subject: String(result.fid), userName: result.username };
        return { state: "completed" as const, ...(await signIn(db, secret, identity, request.body.deviceId)) };
      },
    );
  };
}
