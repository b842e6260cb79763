import type { Address, Client } from "viem";
import { readContract } from "viem/actions";
import type { Deployment } from "../deployment/deployment.js";
import { fundContract } from "./fundContract.js";

/** The investment token's address: from the deployment record, else `investmentToken()` on the fund. */
export async function getInvestmentTokenAddress(client: Client, deployment: Deployment): Promise<Address> {
  if (deployment.investmentToken) return deployment.investmentToken;
  return readContract(client, { ...fundContract(deployment), functionName: "investmentToken" });
}
