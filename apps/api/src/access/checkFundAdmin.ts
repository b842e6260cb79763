import { ANALYTICS_NOT_ADMIN, type AnalyticsAdminParameters, checkAnalyticsAdmin } from "../analytics/adminAccess.js";
import { readSession } from "../auth/sessions.js";
import { HttpError } from "../http/errors.js";

export type CheckFundAdminParameters = AnalyticsAdminParameters & {
  /** What the refused account may not do, for the 403 sentence ("manage access requests"). */
  action: string;
};

/** Who a fund admin's request came from: the signed-in admin's address, or the operator's bearer token. */
export type FundAdminActor = string;

/** What the API records as the actor of a request authorised by `Authorization: Bearer ADMIN_TOKEN`. */
export const ADMIN_TOKEN_ACTOR = "admin token";

/**
 * The admin check of the API's admin-only routes (the analytics page's, reused): `Authorization: Bearer ADMIN_TOKEN`,
 * or a sign-in session whose account holds the fund's ADMIN_ROLE on chain now. Returns who acted; throws an
 * HttpError otherwise (401 without either, 403 for another account, in words naming `action`, 503 when the chain
 * cannot be asked).
 */
export async function checkFundAdmin({ action, ...parameters }: CheckFundAdminParameters): Promise<FundAdminActor> {
  try {
    await checkAnalyticsAdmin(parameters);
  } catch (error) {
    if (error instanceof HttpError && error.message === ANALYTICS_NOT_ADMIN)
      throw new HttpError(403, `Only the fund's admins may ${action}`);
    throw error;
  }
  if (parameters.authorization !== undefined) return ADMIN_TOKEN_ACTOR;
  const session = await readSession(parameters.db, parameters.sessionId);
  if (!session) throw new HttpError(401, "The sign-in session ended: sign in again");
  return session.address;
}
