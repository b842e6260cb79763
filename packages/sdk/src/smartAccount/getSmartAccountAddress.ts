import type { Address, Chain, Client, Transport } from "viem";
import { readContract } from "viem/actions";
import { FundamentError } from "../baseErrors.js";
import type { Deployment } from "../deployment/deployment.js";
import { simpleAccountFactoryAbi } from "./simpleAccountFactoryAbi.js";

/** Every owner has one smart account here: the factory's account with salt 0. */
export const SMART_ACCOUNT_SALT = 0n;

export type GetSmartAccountAddressParameters = {
  deployment: Pick<Deployment, "accountFactory">;
  /** The EOA that owns (signs for) the smart account. */
  owner: Address;
};

/**
 * The address of `owner`'s smart account (a SimpleAccount v0.8): deterministic (CREATE2 through the factory), known
 * before the account is deployed, which its first user operation does.
 */
export async function getSmartAccountAddress(
  client: Client<Transport, Chain | undefined>,
  { deployment, owner }: GetSmartAccountAddressParameters,
): Promise<Address> {
  if (!deployment.accountFactory) throw new FundamentError("Smart accounts are not set up on this network.");
  return readContract(client, {
    address: deployment.accountFactory,
    abi: simpleAccountFactoryAbi,
    functionName: "getAddress",
    args: [owner, SMART_ACCOUNT_SALT],
  });
}
