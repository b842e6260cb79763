import { type Address, type Client, getAddress, type Hex } from "viem";
import { readContract } from "viem/actions";
import type { Deployment } from "../deployment/deployment.js";
import { ADMIN_ROLE, fundContract, GUARDIAN_ROLE } from "./fundContract.js";

export type HasFundRoleParameters = { deployment: Deployment; account: Address | undefined | null };

/** Whether `account` holds `role` on the fund; false at once without an account (no wallet, no request). */
export async function hasFundRole(
  client: Client,
  { deployment, account }: HasFundRoleParameters,
  role: Hex,
): Promise<boolean> {
  if (!account) return false;
  return readContract(client, {
    ...fundContract(deployment),
    functionName: "hasRole",
    args: [role, getAddress(account)],
  });
}

/**
 * Whether `account` holds the admin role. Without an account (no wallet) the answer is false at
 * once: the admin state is ready and not admin (spec section 4).
 */
export function isAdmin(client: Client, parameters: HasFundRoleParameters): Promise<boolean> {
  return hasFundRole(client, parameters, ADMIN_ROLE);
}

/** Whether `account` is one of the fund's guardians (may cancel pending changes and turn the emergency on). */
export function isGuardian(client: Client, parameters: HasFundRoleParameters): Promise<boolean> {
  return hasFundRole(client, parameters, GUARDIAN_ROLE);
}
