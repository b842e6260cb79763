import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { PublicClient } from "viem";
import { z } from "zod";
import { checkFundAdmin } from "../access/checkFundAdmin.js";
import { readCurrentRound } from "../access/readCurrentRound.js";
import { readVaultPlan, writeVaultPlan } from "../access/vaultPlanStore.js";
import { SESSION_COOKIE } from "../auth/sessions.js";
import { publicClients } from "../chain/publicClients.js";
import { HttpError } from "../http/errors.js";
import type { RouteContext } from "./context.js";

/** How far ahead a planned lockup date may be (5 years). */
export const MAX_PLAN_AHEAD_MS = 5 * 365 * 86_400_000;
/** How far in the past a planned date may still be set (a day: the admin's "today" may already be yesterday in UTC). */
export const PLAN_PAST_TOLERANCE_MS = 86_400_000;

const id = (name: string) =>
  z
    .string({ error: `${name} must be a positive whole number` })
    .regex(/^[1-9]\d{0,9}$/, `${name} must be a positive whole number`)
    .transform(Number);
const params = z.object({ vaultId: id("vaultId"), round: id("round") });

const planSchema = z.object({
  vaultId: z.number().int(),
  round: z.number().int(),
  plannedAt: z.string(),
  setBy: z.string(),
  updatedAt: z.string(),
});

const planBody = z.object({
  plannedAt: z
    .string({ error: "plannedAt must be an ISO 8601 time, or null to clear the date" })
    .max(40, "plannedAt must be an ISO 8601 time")
    .regex(/^\d{4}-\d{2}-\d{2}T/, "plannedAt must be an ISO 8601 time such as 2026-12-05T12:00:00.000Z")
    .refine((value) => !Number.isNaN(Date.parse(value)), "plannedAt must be a real date and time")
    .nullable(),
});

export type VaultPlanRoutesOptions = {
  /** A public client per chain id (default: from `config.rpcUrls`), for the admin role and the vault's round. */
  clientFor?: (chainId: number) => PublicClient | undefined;
  now?: () => Date;
};

/**
 * The planned lockup date of a vault's open round (`/v1/vaults/{vaultId}/rounds/{round}/plan`): `GET` answers it to
 * anyone (null when unset); `PUT {plannedAt}` sets it, or clears it with null (a fund admin's session or Bearer
 * ADMIN_TOKEN), only for the vault's current round while it is open, and only for a date ahead (up to 5 years).
 * The date is what the admin plans: the lockup itself stays the admin's on-chain action.
 */
export function vaultPlanRoutes(
  { config, database }: RouteContext,
  { clientFor = publicClients(config.rpcUrls), now = () => new Date() }: VaultPlanRoutesOptions = {},
): FastifyPluginAsync {
  const { db } = database;
  const deployment = config.deployment;
  const chainId = deployment?.chainId ?? [...config.rpcUrls.keys()][0] ?? 0;
  const writeLimit = {
    rateLimit: { max: Math.max(1, Math.floor(config.rateLimit.max / 50)), timeWindow: config.rateLimit.windowMs },
  };
  const tags = ["vault plans"];

  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.get(
      "/v1/vaults/:vaultId/rounds/:round/plan",
      {
        schema: {
          tags,
          summary: "The round's planned lockup date set by the fund's admin, or null",
          params,
          response: { 200: z.object({ plan: planSchema.nullable() }) },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-cache");
        const { vaultId, round } = request.params;
        return { plan: (await readVaultPlan(db, { chainId, vaultId, round })) ?? null };
      },
    );

    typed.put(
      "/v1/vaults/:vaultId/rounds/:round/plan",
      {
        config: writeLimit,
        schema: {
          tags,
          summary: "Sets or clears (null) the open round's planned lockup date (fund admins)",
          params,
          body: planBody,
          response: { 200: z.object({ plan: planSchema.nullable() }) },
        },
      },
      async (request, reply) => {
        const setBy = await checkFundAdmin({
          action: "set a planned lockup date",
          db,
          authorization: request.headers.authorization,
          sessionId: request.cookies[SESSION_COOKIE],
          adminToken: config.adminToken,
          deployment,
          clientFor,
        });
        const { vaultId, round } = request.params;
        const client = deployment ? clientFor(deployment.chainId) : undefined;
        const current = await readCurrentRound(client, deployment, vaultId);
        if (current.round !== round)
          throw new HttpError(409, `Round ${round} is not vault ${vaultId}'s current round (round ${current.round})`);
        if (current.isLocked)
          throw new HttpError(
            409,
            `Round ${round} of vault ${vaultId} is already locked: a planned date no longer applies`,
          );
        const plannedAt = request.body.plannedAt === null ? null : new Date(request.body.plannedAt);
        const at = now();
        if (plannedAt && plannedAt.getTime() < at.getTime() - PLAN_PAST_TOLERANCE_MS)
          throw new HttpError(400, "The planned lockup date is in the past: choose today or a later day");
        if (plannedAt && plannedAt.getTime() > at.getTime() + MAX_PLAN_AHEAD_MS)
          throw new HttpError(400, "The planned lockup date is more than 5 years ahead");
        reply.header("cache-control", "no-store");
        const plan = await writeVaultPlan(db, { chainId, vaultId, round }, { plannedAt, setBy, now: at });
        return { plan: plan ?? null };
      },
    );
  };
}
