import { smartAccountDeployment } from "@fundament/sdk";
import { useSmartAccount } from "@fundament/wallet/react";
import type { Address } from "viem";
import { useAppConfig } from "./useAppConfig";
import { useWalletStatus } from "./useWalletStatus";

/**
 * The account that invests and holds positions: the owner's smart account when the person chose "Smart account" in
 * the wallet's Account view and this deployment can invest through one (EntryPoint, factory, paymaster, bundler);
 * otherwise the connected EOA. Undefined while disconnected, or while the smart account's address is being read.
 */
export function useInvestorAccount(): Address | undefined {
  const { deployment } = useAppConfig();
  const { account } = useWalletStatus();
  const { accountType, smartAccount } = useSmartAccount();
  if (!account) return undefined;
  if (accountType !== "smartAccount" || !smartAccountDeployment(deployment)?.bundlerUrl) return account;
  return smartAccount?.owner === account ? smartAccount.address : undefined;
}
