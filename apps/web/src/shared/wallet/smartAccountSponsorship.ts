import { smartAccountDeployment } from "@fundament/sdk";
import type { SmartAccountSponsorship } from "@fundament/wallet/core";
import type { Address } from "viem";
import type { AppConfig } from "../lib/config";

/**
 * The wallet layer's `smartAccount.sponsorship` for the fund: whether the fund's paymaster pays the smart account's
 * gas (it must be whitelisted and have some of its per-account budget left, `remainingSponsorship`) and how much is
 * left; otherwise why not, in the words the SDK uses when the account must pay for itself. Undefined where the
 * deployment has no paymaster. Its reads load on first use (smartAccount.lazy.ts).
 */
export function smartAccountSponsorship(config: AppConfig) {
  const aa = smartAccountDeployment(config.deployment);
  if (!aa) return undefined;
  return async (address: Address): Promise<SmartAccountSponsorship> =>
    (await import("./smartAccount.lazy")).readSponsorship(config, aa, address);
}
