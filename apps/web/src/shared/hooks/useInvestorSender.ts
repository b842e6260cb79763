import { smartAccountDeployment } from "@fundament/sdk";
import { useSmartAccount } from "@fundament/wallet/react";
import type { Address } from "viem";
import { useAppConfig } from "./useAppConfig";
import { useWalletStatus } from "./useWalletStatus";

/**
 * Which account sends the investor's fund writes (invest, withdraw, roll-over, vote, proposals), the same one
 * `useInvestorAccount` shows positions for:
 * - `smartAccount`: the person chose "Smart account" in the Account view and the deployment can send user operations
 *   (EntryPoint, factory, paymaster, bundler): the owner's smart account sends, one signature, gas paid by the fund
 *   (or by the smart account's own ETH when the fund does not sponsor it: off the whitelist, budget used up);
 * - `pending`: that choice is made but the smart account's address is still being read (nothing is sent meanwhile:
 *   the EOA holds no position of the smart account's);
 * - `eoa`: the connected wallet's own account (also while disconnected).
 * Admin writes never use this: admins act as themselves.
 */
export type InvestorSender =
  | { kind: "eoa" }
  | { kind: "pending" }
  | { kind: "smartAccount"; address: Address; deployed: boolean };

export function useInvestorSender(): InvestorSender {
  const { deployment } = useAppConfig();
  const { account } = useWalletStatus();
  const { accountType, smartAccount } = useSmartAccount();
  if (!account || accountType !== "smartAccount" || !smartAccountDeployment(deployment)?.bundlerUrl) {
    return { kind: "eoa" };
  }
  if (smartAccount?.owner !== account) return { kind: "pending" };
  return { kind: "smartAccount", address: smartAccount.address, deployed: smartAccount.deployed };
}

/** Said when an investor write is started while the smart account's address is still being read. */
export const SMART_ACCOUNT_LOOKING_UP = "Your smart account is still being looked up: try again in a moment.";
