import { apiUrl } from "./fetchJson.js";
import { type SendJsonParameters, sendJson } from "./sendJson.js";

/** The admin's planned lockup date for a vault's open round, as the API stores it. */
export type VaultPlan = {
  vaultId: number;
  round: number;
  /** ISO 8601: when the admin plans to lock the round (the lockup itself stays the admin's on-chain action). */
  plannedAt: string;
  /** The admin account that set it, or "admin token". */
  setBy: string;
  /** ISO 8601. */
  updatedAt: string;
};

export type VaultPlanParameters = { vaultId: number | bigint; round: number | bigint };

/** Where the API keeps a round's plan: `/v1/vaults/{vaultId}/rounds/{round}/plan`. */
export function vaultPlanUrl(base: string, { vaultId, round }: VaultPlanParameters): string {
  return apiUrl(base, `/v1/vaults/${vaultId}/rounds/${round}/plan`);
}

/** `GET …/plan`: the round's planned lockup date, or null when the admin set none. */
export async function fetchVaultPlan(
  base: string,
  parameters: VaultPlanParameters,
  options: Omit<SendJsonParameters, "method" | "body"> = {},
): Promise<VaultPlan | null> {
  const answer = await sendJson<{ plan: VaultPlan | null }>(vaultPlanUrl(base, parameters), options);
  return answer.plan;
}

export type SaveVaultPlanParameters = VaultPlanParameters & {
  /** ISO 8601, or null to clear the planned date. */
  plannedAt: string | null;
};

/**
 * `PUT …/plan` (a signed-in fund admin): sets or clears the open round's planned lockup date. The API refuses a
 * round that is not the vault's current open round, and a date in the past.
 */
export async function saveVaultPlan(
  base: string,
  { plannedAt, ...round }: SaveVaultPlanParameters,
  options: Omit<SendJsonParameters, "method" | "body" | "withSession"> = {},
): Promise<VaultPlan | null> {
  const answer = await sendJson<{ plan: VaultPlan | null }>(vaultPlanUrl(base, round), {
    ...options,
    method: "PUT",
    body: { plannedAt },
    withSession: true,
  });
  return answer.plan;
}
