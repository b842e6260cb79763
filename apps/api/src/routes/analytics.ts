import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { PublicClient } from "viem";
import { z } from "zod";
import { checkAnalyticsAdmin } from "../analytics/adminAccess.js";
import { ANALYTICS_EVENT_NAMES } from "../analytics/sanitize.js";
import { dailyCounts, storeEvent } from "../analytics/store.js";
import { SESSION_COOKIE } from "../auth/sessions.js";
import { publicClients } from "../chain/publicClients.js";
import { HttpError } from "../http/errors.js";
import { strictInt, text } from "../http/params.js";
import type { RouteContext } from "./context.js";

/** The spec's answer to an origin that is not on the allowlist (ANALYTICS_ORIGINS). */
export const INVALID_APP_CONFIGURATION = "Invalid App Configuration";
/** The answer while ANALYTICS_ENABLED is off. */
export const ANALYTICS_OFF = "Analytics is off";
/** The largest `POST /e` body (bytes). */
export const ANALYTICS_BODY_LIMIT = 8_192;

const eventBody = z.object({
  eventId: z
    .string({ error: "eventId is required" })
    .min(8, "eventId must be 8 to 64 letters, digits, hyphens or underscores")
    .max(64, "eventId must be 8 to 64 letters, digits, hyphens or underscores")
    .regex(/^[A-Za-z0-9_-]+$/, "eventId must be 8 to 64 letters, digits, hyphens or underscores"),
  url: text("url", 2_048),
  domain: text("domain", 255),
  timestamp: z.number({ error: "timestamp must be a time in milliseconds" }).finite(),
  props: z.object({
    event: z.enum(ANALYTICS_EVENT_NAMES, { error: "props.event must be a known event name" }),
    properties: z.record(z.string(), z.unknown()).optional(),
  }),
});

const dailySchema = z.object({
  enabled: z.boolean(),
  days: z.array(z.object({ day: z.string(), counts: z.record(z.string(), z.number().int()) })),
});

export type AnalyticsRoutesOptions = {
  /** A public client per chain id (default: from `config.rpcUrls`), for the on-chain admin check. */
  clientFor?: (chainId: number) => PublicClient | undefined;
};

/**
 * The operator's own analytics: `GET /getAnalyticsConfig`, `POST /e` (origin on ANALYTICS_ORIGINS, analytics on,
 * stored without addresses or IP addresses) and `GET /admin/analytics/daily` (admin token or a fund admin's session).
 */
export function analyticsRoutes(
  { config, database }: RouteContext,
  options: AnalyticsRoutesOptions = {},
): FastifyPluginAsync {
  const { db } = database;
  const { enabled, origins } = config.analytics;
  const allowed = new Set(origins);
  const clientFor = options.clientFor ?? publicClients(config.rpcUrls);

  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get(
      "/getAnalyticsConfig",
      {
        schema: {
          tags: ["analytics"],
          summary: "Whether the app should send analytics events (ANALYTICS_ENABLED)",
          response: { 200: z.object({ isAnalyticsEnabled: z.boolean() }) },
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", "no-cache");
        return { isAnalyticsEnabled: enabled };
      },
    );

    // Any page may send (and read the refusal of) an event: the bus sends without cookies, and the origin is
    // checked by the handler, so a foreign app sees 'Invalid App Configuration' instead of a CORS failure.
    const anyOrigin = { cors: { origin: true, credentials: false } };
    app.options("/e", { schema: { hide: true }, config: anyOrigin }, async (_request, reply) => reply.code(204).send());
    typed.post(
      "/e",
      {
        config: anyOrigin,
        bodyLimit: ANALYTICS_BODY_LIMIT,
        schema: {
          tags: ["analytics"],
          summary: "Stores one analytics event (no addresses, no IP addresses); the Origin must be allowed",
          body: eventBody,
          response: { 202: z.object({ stored: z.literal(true) }) },
        },
        // The origin and the switch are checked before the body: a refused app gets the spec's answer.
        preValidation: async (request) => {
          const origin = request.headers.origin;
          if (typeof origin !== "string" || !allowed.has(origin)) throw new HttpError(403, INVALID_APP_CONFIGURATION);
          if (!enabled) throw new HttpError(403, ANALYTICS_OFF);
        },
      },
      async (request, reply) => {
        const { eventId, url, domain, timestamp, props } = request.body;
        await storeEvent(db, { eventId, url, domain, timestamp, event: props.event, properties: props.properties });
        reply.code(202).header("cache-control", "no-store");
        return { stored: true as const };
      },
    );

    typed.get(
      "/admin/analytics/daily",
      {
        schema: {
          tags: ["admin"],
          summary:
            "Analytics events per UTC day and event (days 1-365, default 30); Bearer ADMIN_TOKEN or a fund admin's session",
          querystring: z.object({ days: strictInt("days", 1, 365).optional() }),
          response: { 200: dailySchema },
        },
      },
      async (request, reply) => {
        await checkAnalyticsAdmin({
          db,
          authorization: request.headers.authorization,
          sessionId: request.cookies[SESSION_COOKIE],
          adminToken: config.adminToken,
          deployment: config.deployment,
          clientFor,
        });
        reply.header("cache-control", "no-store");
        return { enabled, days: await dailyCounts(db, request.query.days ?? 30) };
      },
    );
  };
}
