import { MAX_ACCESS_NOTE } from "@fundament/sdk";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { PublicClient } from "viem";
import { getAddress } from "viem";
import { z } from "zod";
import {
  closeAccessRequest,
  createAccessRequest,
  latestAccessRequest,
  pendingAccessRequests,
} from "../access/accessRequestStore.js";
import { checkFundAdmin } from "../access/checkFundAdmin.js";
import { isWhitelistedNow } from "../access/isWhitelistedNow.js";
import { verifyAccessRequest } from "../access/verifyAccessRequest.js";
import { SESSION_COOKIE } from "../auth/sessions.js";
import { publicClients } from "../chain/publicClients.js";
import { HttpError } from "../http/errors.js";
import { isCleanText } from "../http/params.js";
import type { RouteContext } from "./context.js";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const addressField = z
  .string({ error: "address must be a 0x address" })
  .max(42, "address must be a 0x address")
  .regex(ADDRESS, "address must be a 0x address");

const requestBody = z.object({
  address: addressField,
  note: z
    .string({ error: `note must be text of at most ${MAX_ACCESS_NOTE} characters` })
    .max(MAX_ACCESS_NOTE, `note must be at most ${MAX_ACCESS_NOTE} characters`)
    .refine(isCleanText, "note must be one line of text, without control characters")
    .default(""),
  issuedAt: z.string({ error: "issuedAt is required" }).max(40, "issuedAt must be an ISO 8601 time"),
  signature: z
    .string({ error: "signature is required" })
    .max(20_000, "signature must be at most 20000 characters")
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, "signature must be 0x-prefixed hex"),
});

const requestSchema = z.object({
  address: z.string(),
  note: z.string().optional(),
  status: z.enum(["pending", "approved", "dismissed"]),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

const ACTION = "manage access requests";

export type AccessRequestRoutesOptions = {
  /** A public client per chain id (default: from `config.rpcUrls`), for signatures, the admin role and the whitelist. */
  clientFor?: (chainId: number) => PublicClient | undefined;
};

/**
 * Investors' requests to be whitelisted:
 * - `POST /v1/access-requests` stores one, proven by the address's signature (one pending request per address, 409
 *   for a second);
 * - `GET /v1/access-requests/{address}` answers the address's latest request without its note (null when none);
 * - `GET /v1/access-requests?status=pending` lists the pending ones with their notes (fund admins);
 * - `POST /v1/access-requests/{address}/approve` closes one once the address is whitelisted on chain, and
 *   `…/dismiss` declines it (fund admins).
 * Admin routes take `Authorization: Bearer ADMIN_TOKEN` or a fund admin's sign-in session (ADMIN_ROLE on chain).
 */
export function accessRequestRoutes(
  { config, database }: RouteContext,
  options: AccessRequestRoutesOptions = {},
): FastifyPluginAsync {
  const { db } = database;
  const clientFor = options.clientFor ?? publicClients(config.rpcUrls);
  const deployment = config.deployment;
  const fundClient = () => (deployment ? clientFor(deployment.chainId) : undefined);
  const admin = (request: FastifyRequest) =>
    checkFundAdmin({
      action: ACTION,
      db,
      authorization: request.headers.authorization,
      sessionId: request.cookies[SESSION_COOKIE],
      adminToken: config.adminToken,
      deployment,
      clientFor,
    });
  // Each request is a signature check (maybe an RPC call) and a row: a tighter limit than reads.
  const writeLimit = {
    rateLimit: { max: Math.max(1, Math.floor(config.rateLimit.max / 50)), timeWindow: config.rateLimit.windowMs },
  };
  const tags = ["access requests"];

  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.post(
      "/v1/access-requests",
      {
        config: writeLimit,
        bodyLimit: 32_768,
        schema: {
          tags,
          summary: "Requests access to the whitelist; signature = the address's personal_sign of accessRequestMessage",
          body: requestBody,
          response: { 201: requestSchema },
        },
      },
      async (request, reply) => {
        const { address, note, issuedAt, signature } = request.body;
        const checksummed = await verifyAccessRequest({
          address,
          note,
          issuedAt,
          signature: signature as `0x${string}`,
          client: fundClient(),
        });
        const stored = await createAccessRequest(db, { address: checksummed, note: note.trim() });
        reply.code(201).header("cache-control", "no-store");
        return stored;
      },
    );

    typed.get(
      "/v1/access-requests/:address",
      {
        schema: {
          tags,
          summary: "The address's latest access request (without its note), or null",
          params: z.object({ address: addressField }),
          response: { 200: z.object({ request: requestSchema.nullable() }) },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const latest = await latestAccessRequest(db, getAddress(request.params.address));
        if (!latest) return { request: null };
        const { note: _note, ...shown } = latest;
        return { request: shown };
      },
    );

    typed.get(
      "/v1/access-requests",
      {
        schema: {
          tags,
          summary: "The pending access requests, oldest first (a fund admin's session or Bearer ADMIN_TOKEN)",
          querystring: z.object({
            status: z.literal("pending", { error: "status must be pending" }).default("pending"),
          }),
          response: { 200: z.object({ requests: z.array(requestSchema) }) },
        },
      },
      async (request, reply) => {
        await admin(request);
        reply.header("cache-control", "no-store");
        return { requests: await pendingAccessRequests(db) };
      },
    );

    const params = z.object({ address: addressField, decision: z.enum(["approve", "dismiss"]) });
    typed.post(
      "/v1/access-requests/:address/:decision",
      {
        config: writeLimit,
        schema: {
          tags,
          summary:
            "approve: closes the request once the address is whitelisted on chain; dismiss: declines it (fund admins)",
          params,
          response: { 200: requestSchema },
        },
      },
      async (request, reply) => {
        const by = await admin(request);
        const address = getAddress(request.params.address);
        const approve = request.params.decision === "approve";
        if (approve && !(await isWhitelistedNow(fundClient(), deployment, address)))
          throw new HttpError(409, `${address} is not on the whitelist yet: add it first, then approve the request`);
        reply.header("cache-control", "no-store");
        return closeAccessRequest(db, { address, status: approve ? "approved" : "dismissed", by });
      },
    );
  };
}
