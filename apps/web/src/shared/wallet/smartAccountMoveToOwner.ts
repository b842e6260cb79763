import { smartAccountDeployment } from "@fundament/sdk";
import type { QueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import type { Config } from "wagmi";
import type { AppConfig } from "../lib/config";

/**
 * The wallet layer's `smartAccount.moveToOwner` for the fund: the smart account's whole investment-token balance to
 * the connected owner, in one user operation the fund's paymaster sponsors (`moveSmartAccountTokens`: one signature,
 * no gas to pay), or that the smart account pays for itself when the fund does not sponsor it (off the whitelist,
 * budget used up: the SDK says how much ETH it needs otherwise). Undefined where the deployment has no bundler (no user operation can be sent). After a move, the
 * app's chain reads (positions, balances) are refreshed. Its code loads on first use (smartAccount.lazy.ts).
 */
export function smartAccountMoveToOwner(config: AppConfig, wagmiConfig: Config, queryClient: QueryClient) {
  if (!smartAccountDeployment(config.deployment)?.bundlerUrl) return undefined;
  return async (smartAccount: Address, chainId: number) => {
    if (chainId !== config.chainId) return { success: false, message: `Switch to chain ${config.chainId} first.` };
    return (await import("./smartAccount.lazy")).moveToOwner(config, wagmiConfig, queryClient, smartAccount, chainId);
  };
}
