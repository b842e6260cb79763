import { type Address, type Client, getAbiItem } from "viem";
import { multicall, readContract } from "viem/actions";
import { investmentFundAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { getLogsInChunks } from "../utils/getLogsInChunks.js";
import { ADMIN_ROLE, fundContract, isDeployless } from "./fundContract.js";

/** An entry of the admin list (spec section 3): "Admin 1", "Admin 2", ... and the address. */
export type AdminWallet = { name: string; address: Address };

export type GetAdminsParameters = {
  deployment: Deployment;
  /** Skip the enumerable members and rebuild from events (what a contract without enumeration needs). */
  fromEventsOnly?: boolean;
  /** First `getLogs` range in blocks. */
  initialRange?: bigint;
};

const roleGranted = getAbiItem({ abi: investmentFundAbi, name: "RoleGranted" });

/** Addresses granted ADMIN_ROLE since the deployment block that still hold it, in order of first grant (spec section 6). */
export async function getAdminsFromEvents(
  client: Client,
  { deployment, initialRange }: Omit<GetAdminsParameters, "fromEventsOnly">,
): Promise<Address[]> {
  const fund = fundContract(deployment);
  const logs = await getLogsInChunks(client, {
    address: fund.address,
    event: roleGranted,
    args: { role: ADMIN_ROLE },
    fromBlock: deployment.deploymentBlock,
    ...(initialRange === undefined ? {} : { initialRange }),
  });
  const granted = [...new Set(logs.map((log) => log.args.account as Address))];
  if (granted.length === 0) return [];
  const holds = await multicall(client, {
    allowFailure: false,
    deployless: isDeployless(client),
    contracts: granted.map((account) => ({ ...fund, functionName: "hasRole", args: [ADMIN_ROLE, account] }) as const),
  });
  return granted.filter((_, i) => holds[i]);
}

/**
 * The admin list. Reads the contract's enumerable role members when it has them, and otherwise
 * rebuilds the list from role-granted events since the deployment block.
 */
export async function getAdmins(
  client: Client,
  { deployment, fromEventsOnly = false, initialRange }: GetAdminsParameters,
): Promise<AdminWallet[]> {
  let addresses: readonly Address[] | undefined;
  if (!fromEventsOnly) {
    try {
      addresses = await readContract(client, {
        ...fundContract(deployment),
        functionName: "getRoleMembers",
        args: [ADMIN_ROLE],
      });
    } catch {
      addresses = undefined; // not enumerable (or an older deployment): fall back to events
    }
  }
  addresses ??= await getAdminsFromEvents(client, {
    deployment,
    ...(initialRange === undefined ? {} : { initialRange }),
  });
  return addresses.map((address, i) => ({ name: `Admin ${i + 1}`, address }));
}
