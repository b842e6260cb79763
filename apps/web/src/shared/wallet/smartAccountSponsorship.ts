import { createFundPublicClient, fundPaymasterAbi, investmentFundAbi, smartAccountDeployment } from "@fundament/sdk";
import type { SmartAccountSponsorship } from "@fundament/wallet/core";
import type { Address } from "viem";
import type { AppConfig } from "../lib/config";

/** The sponsor's name in the Account view: "Gas sponsored by the fund: 0.0083 ETH left". */
const SPONSOR = "the fund";

/**
 * The wallet layer's `smartAccount.sponsorship` for the fund: whether the fund's paymaster pays the smart account's
 * gas (it must be whitelisted and have some of its per-account budget left, `remainingSponsorship`) and how much is
 * left; otherwise why not, in the words the SDK uses when the account must pay for itself. Undefined where the
 * deployment has no paymaster.
 */
export function smartAccountSponsorship(config: AppConfig) {
  const aa = smartAccountDeployment(config.deployment);
  if (!aa) return undefined;
  const client = createFundPublicClient({ chainId: config.chainId, rpcUrl: config.rpcUrl });
  return async (address: Address): Promise<SmartAccountSponsorship> => {
    const [whitelisted, remaining] = await Promise.all([
      client.readContract({
        address: config.deployment.investmentFund,
        abi: investmentFundAbi,
        functionName: "isWhitelisted",
        args: [address],
      }),
      client.readContract({
        address: aa.fundPaymaster,
        abi: fundPaymasterAbi,
        functionName: "remainingSponsorship",
        args: [address],
      }),
    ]);
    if (!whitelisted) return { sponsored: false, reason: "not on the whitelist" };
    if (remaining === 0n) return { sponsored: false, reason: "its gas budget is used up" };
    return { sponsored: true, sponsor: SPONSOR, remaining };
  };
}
