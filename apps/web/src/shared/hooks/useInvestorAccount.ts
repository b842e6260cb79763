import type { Address } from "viem";
import { useInvestorSender } from "./useInvestorSender";
import { useWalletStatus } from "./useWalletStatus";

/**
 * The account that invests and holds positions: the owner's smart account when the person chose "Smart account" in
 * the wallet's Account view and this deployment can invest through one (EntryPoint, factory, paymaster, bundler);
 * otherwise the connected EOA. Undefined while disconnected, or while the smart account's address is being read.
 * It is also the account that sends the investor's writes (`useInvestorSender`).
 */
export function useInvestorAccount(): Address | undefined {
  const { account } = useWalletStatus();
  const sender = useInvestorSender();
  if (!account) return undefined;
  if (sender.kind === "smartAccount") return sender.address;
  return sender.kind === "pending" ? undefined : account;
}
