import { type Address, type Client, getAbiItem } from "viem";
import { multicall } from "viem/actions";
import { investmentFundAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { getLogsInChunks } from "../utils/getLogsInChunks.js";
import { ADMIN_ROLE, fundContract, isDeployless } from "./fundContract.js";

/** An entry of the admin list (spec section 3): "Admin 1", "Admin 2", ... and the address. */
export type AdminWallet = { name: string; address: Address };

export type GetAdminsParameters = {
  deployment: Deployment;
  /** Accepted for compatibility and ignored: the list always comes from events (the fund is not enumerable). */
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
 * The admin list (spec section 6): the fund is not enumerable (no `getRoleMembers`), so the list is rebuilt from
 * `RoleGranted` events since the deployment block, keeping the accounts that still hold the role.
 */
export async function getAdmins(
  client: Client,
  { deployment, initialRange }: GetAdminsParameters,
): Promise<AdminWallet[]> {
  const addresses = await getAdminsFromEvents(client, {
    deployment,
    ...(initialRange === undefined ? {} : { initialRange }),
  });
  return addresses.map((address, i) => ({ name: `Admin ${i + 1}`, address }));
}
