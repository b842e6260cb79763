import { type Address, type Client, getAddress } from "viem";
import { readContract } from "viem/actions";
import type { Deployment } from "../deployment/deployment.js";
import { ADMIN_ROLE, fundContract, GUARDIAN_ROLE } from "./fundContract.js";

/**
 * Whether `account` holds the admin role. Without an account (no wallet) the answer is false at
 * once: the admin state is ready and not admin (spec section 4).
 */
export async function isAdmin(
  client: Client,
  { deployment, account }: { deployment: Deployment; account: Address | undefined | null },
): Promise<boolean> {
  if (!account) return false;
  return readContract(client, {
    ...fundContract(deployment),
    functionName: "hasRole",
    args: [ADMIN_ROLE, getAddress(account)],
  });
}

/** Whether `account` is one of the fund's guardians (may cancel pending changes and turn the emergency on). */
export async function isGuardian(
  client: Client,
  { deployment, account }: { deployment: Deployment; account: Address | undefined | null },
): Promise<boolean> {
  if (!account) return false;
  return readContract(client, {
    ...fundContract(deployment),
    functionName: "hasRole",
    args: [GUARDIAN_ROLE, getAddress(account)],
  });
}
