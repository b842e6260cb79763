import type { Address, Client } from "viem";
import { multicall } from "viem/actions";
import { fundPaymasterAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { isDeployless } from "./fundContract.js";

export type GetSponsorshipParameters = { deployment: Deployment; account?: Address };

/** The fund paymaster's gas budget per account, and (with `account`) what it has used and has left, in wei. */
export type Sponsorship = {
  paymaster: Address;
  /** The most gas (in wei) the paymaster sponsors per account. */
  sponsorBudget: bigint;
  sponsoredGas: bigint | null;
  remainingSponsorship: bigint | null;
};

/** The paymaster's sponsorship figures; null when the deployment has no fund paymaster. */
export async function getSponsorship(
  client: Client,
  { deployment, account }: GetSponsorshipParameters,
): Promise<Sponsorship | null> {
  const paymaster = deployment.fundPaymaster;
  if (!paymaster) return null;
  const contract = { address: paymaster, abi: fundPaymasterAbi } as const;
  if (!account) {
    const [sponsorBudget] = await multicall(client, {
      allowFailure: false,
      deployless: isDeployless(client),
      contracts: [{ ...contract, functionName: "sponsorBudget" }],
    });
    return { paymaster, sponsorBudget, sponsoredGas: null, remainingSponsorship: null };
  }
  const [sponsorBudget, sponsoredGas, remainingSponsorship] = await multicall(client, {
    allowFailure: false,
    deployless: isDeployless(client),
    contracts: [
      { ...contract, functionName: "sponsorBudget" },
      { ...contract, functionName: "sponsoredGas", args: [account] },
      { ...contract, functionName: "remainingSponsorship", args: [account] },
    ],
  });
  return { paymaster, sponsorBudget, sponsoredGas, remainingSponsorship };
}
