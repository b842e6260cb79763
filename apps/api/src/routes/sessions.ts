import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getAddress } from "viem";
import { z } from "zod";
import {
  addressField,
  BEARER_NOTE,
  bearerSession,
  embeddedPluginBasics,
  needSecret,
  signatureField,
} from "../embedded/http.js";
import { listEmbeddedSessions, revokeEmbeddedSession } from "../embedded/sessions.js";
import { findWalletUser, isSignedBy } from "../embedded/wallets.js";
import { errorBody, HttpError } from "../http/errors.js";
import type { RouteContext } from "./context.js";

/** The text an address signs (EIP-191 personal_sign) to revoke one of its sessions. */
export const revokeMessage = (pci: string) => `Revoke session ${pci}`;

const params = z.object({ address: addressField });
const pciField = z
  .string({ error: "pci must be a session id from the sessions list" })
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    "pci must be a session id from the sessions list",
  );

/** A failed revoke: the API's error body with the spec's `success: false`. */
const revokeFailure = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  success: z.literal(false),
});

const sessionItem = z.object({
  pci: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
  loginMethod: z.string(),
});

/**
 * Spec §7 sessions: `GET /v1/sessions/{address}` lists the embedded wallet's live sessions (for a session of that
 * address's user), `POST /v1/sessions/{address}/revoke {pci, signature}` ends one, authorised by the address's
 * signature of 'Revoke session {pci}'. A failed revoke answers `success: false` with the reason (spec §8).
 */
export function sessionRoutes({ config, database }: RouteContext): FastifyPluginAsync {
  const { db } = database;
  const settings = config.embedded;

  return async (app) => {
    embeddedPluginBasics(app, settings.secret);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ["embedded wallet"];

    r.get(
      "/v1/sessions/:address",
      {
        schema: {
          tags,
          summary: "The live sessions of the address's embedded wallet (bearer of a session of that wallet)",
          description: BEARER_NOTE,
          params,
          response: { 200: z.object({ data: z.array(sessionItem) }) },
        },
      },
      async (request) => {
        const secret = needSecret(settings.secret);
        const session = await bearerSession(db, secret, request);
        const owner = await findWalletUser(db, request.params.address);
        if (owner !== session.userId) throw new HttpError(403, "These sessions belong to another account");
        return { data: await listEmbeddedSessions(db, session.userId, session.sessionId) };
      },
    );

    r.post(
      "/v1/sessions/:address/revoke",
      {
        schema: {
          tags,
          summary: "Revokes a session; signature = the address's personal_sign of 'Revoke session {pci}'",
          params,
          body: z.object({ pci: pciField, signature: signatureField }),
          response: { 200: z.object({ success: z.literal(true) }), 401: revokeFailure, 404: revokeFailure },
        },
      },
      async (request, reply) => {
        needSecret(settings.secret);
        const address = getAddress(request.params.address);
        const { pci, signature } = request.body;
        const fail = (status: 401 | 404, message: string) =>
          reply.code(status).send({ ...errorBody(status, message), success: false });
        if (!(await isSignedBy(address, revokeMessage(pci), signature as `0x${string}`)))
          return fail(401, "The signature is not this address's signature of the revoke message");
        const userId = await findWalletUser(db, address);
        if (!userId || !(await revokeEmbeddedSession(db, userId, pci)))
          return fail(404, "No live session with this id for this address");
        return { success: true as const };
      },
    );
  };
}
