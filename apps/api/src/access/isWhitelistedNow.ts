import { type Deployment, investmentFundAbi } from "@fundament/sdk";
import type { Address, PublicClient } from "viem";
import { readContract } from "viem/actions";
import { HttpError } from "../http/errors.js";

/** Whether the fund's whitelist holds `address` now (`isWhitelisted`, read on chain); 503 when the chain cannot be asked. */
export async function isWhitelistedNow(
  client: PublicClient | undefined,
  deployment: Deployment | undefined,
  address: Address,
): Promise<boolean> {
  if (!deployment) throw new HttpError(404, "This server has no fund deployment configured");
  if (!client) throw new HttpError(503, "The fund's chain is not configured on this server");
  try {
    return await readContract(client, {
      address: deployment.investmentFund,
      abi: investmentFundAbi,
      functionName: "isWhitelisted",
      args: [address],
    });
  } catch {
    throw new HttpError(503, "The whitelist could not be read on chain; try again in a moment");
  }
}
