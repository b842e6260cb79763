import {
  createFundPublicClient,
  moveSmartAccountTokens,
  smartAccountDeployment,
  type WriteContext,
} from "@fundament/sdk";
import type { QueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getWalletClient } from "wagmi/actions";
import type { AppConfig } from "../lib/config";
import { CHAIN_KEY } from "../lib/queryKeys";

/**
 * The wallet layer's `smartAccount.moveToOwner` for the fund: the smart account's whole investment-token balance to
 * the connected owner, in one user operation the fund's paymaster sponsors (`moveSmartAccountTokens`: one signature,
 * no gas to pay), or that the smart account pays for itself when the fund does not sponsor it (off the whitelist,
 * budget used up: the SDK says how much ETH it needs otherwise). Undefined where the deployment has no bundler (no user operation can be sent). After a move, the
 * app's chain reads (positions, balances) are refreshed.
 */
export function smartAccountMoveToOwner(config: AppConfig, wagmiConfig: Config, queryClient: QueryClient) {
  if (!smartAccountDeployment(config.deployment)?.bundlerUrl) return undefined;
  const publicClient = createFundPublicClient({ chainId: config.chainId, rpcUrl: config.rpcUrl });
  return async (smartAccount: Address, chainId: number) => {
    if (chainId !== config.chainId) return { success: false, message: `Switch to chain ${config.chainId} first.` };
    const walletClient = await getWalletClient(wagmiConfig, { chainId });
    const result = await moveSmartAccountTokens({
      deployment: config.deployment,
      publicClient: publicClient as WriteContext["publicClient"],
      walletClient: walletClient as unknown as WriteContext["walletClient"],
    });
    if (result.smartAccount && result.smartAccount !== smartAccount) {
      return { success: false, message: `The wallet's smart account is ${result.smartAccount}, not ${smartAccount}.` };
    }
    if (result.success) await queryClient.invalidateQueries({ queryKey: [CHAIN_KEY] });
    return { success: result.success, message: result.message };
  };
}
