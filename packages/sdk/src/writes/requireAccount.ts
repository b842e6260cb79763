import type { Address } from "viem";
import { FundamentError } from "../baseErrors.js";
import type { WriteContext } from "./types.js";

/** The connected account, or a clear error when no wallet is connected. */
export function requireAccount(context: Pick<WriteContext, "walletClient">): Address {
  const account = context.walletClient.account;
  if (!account) throw new FundamentError("Connect a wallet first.");
  return account.address;
}
