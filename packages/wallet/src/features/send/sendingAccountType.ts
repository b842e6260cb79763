import type { AccountState, AccountType } from "../../core/createWalletState.js";

/**
 * The type of the account a send comes from. Sends go through the connected wallet (wagmi's `sendTransaction` /
 * `writeContract`), so they come from the connected address: a smart account only when that address itself is one
 * (listed as such in `allAccounts`, as an embedded wallet's smart account is). A preference for the smart account
 * does not change who sends here, so it does not exempt the send from the insufficient-gas check.
 */
export function sendingAccountType(account: Pick<AccountState, "address" | "allAccounts">): AccountType {
  const address = account.address?.toLowerCase();
  if (!address) return "eoa";
  const listed = account.allAccounts.find((entry) => entry.address.toLowerCase() === address);
  return listed?.type ?? "eoa";
}
