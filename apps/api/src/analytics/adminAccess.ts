import { type Deployment, isAdmin } from "@fundament/sdk";
import type { PublicClient } from "viem";
import { checkBearer } from "../admin/checkBearer.js";
import { readSession } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { HttpError } from "../http/errors.js";

export type AnalyticsAdminParameters = {
  db: Db;
  /** The request's `Authorization` header. */
  authorization: string | undefined;
  /** The session cookie's value (`fundament_session`). */
  sessionId: string | undefined;
  adminToken: string | undefined;
  deployment: Deployment | undefined;
  clientFor: (chainId: number) => PublicClient | undefined;
};

/** The answer to a request with neither the admin token nor a session. */
export const ANALYTICS_SIGN_IN = "Sign in with a fund admin's account, or send the admin bearer token";
/** The answer to a session whose account is not a fund admin. */
export const ANALYTICS_NOT_ADMIN = "Only the fund's admins may see the analytics";

/**
 * Lets through `Authorization: Bearer ADMIN_TOKEN`, or a sign-in session whose account holds the fund's ADMIN_ROLE
 * on chain (`hasRole`, read now). Throws an HttpError otherwise: 401 without either, 403 for another account, 503
 * when the chain cannot be asked.
 */
export async function checkAnalyticsAdmin(parameters: AnalyticsAdminParameters): Promise<void> {
  const { db, authorization, sessionId, adminToken, deployment, clientFor } = parameters;
  if (authorization !== undefined) {
    if (checkBearer(authorization, adminToken)) return;
    throw new HttpError(401, "The admin bearer token is not valid");
  }
  const session = await readSession(db, sessionId);
  if (!session) throw new HttpError(401, ANALYTICS_SIGN_IN);
  const client = deployment ? clientFor(deployment.chainId) : undefined;
  if (!deployment || !client) throw new HttpError(403, ANALYTICS_NOT_ADMIN);
  let admin: boolean;
  try {
    admin = await isAdmin(client, { deployment, account: session.address as `0x${string}` });
  } catch {
    throw new HttpError(503, "The fund's admin role could not be checked on chain; try again in a moment");
  }
  if (!admin) throw new HttpError(403, ANALYTICS_NOT_ADMIN);
}
