import type { Address, Chain, Client, Transport } from "viem";
import { getCode } from "viem/actions";

/** Whether the smart account has code yet (`smartAccountDeployed` in the wallet spec): its first operation deploys it. */
export async function isSmartAccountDeployed(
  client: Client<Transport, Chain | undefined>,
  { address }: { address: Address },
): Promise<boolean> {
  const code = await getCode(client, { address });
  return code !== undefined && code !== "0x";
}
