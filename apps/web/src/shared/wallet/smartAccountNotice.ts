import type { Address } from "viem";
import type { AppConfig } from "../lib/config";

/** Said under the smart account in the Account view while the fund does not take its investments. */
export const SMART_ACCOUNT_NOT_WHITELISTED =
  "This smart account is not whitelisted yet: it needs whitelisting by the fund's admin (copy its address above and send it to them) before it can invest.";

/** Said when it is whitelisted: where its tokens come from, and who pays its gas. */
export const SMART_ACCOUNT_WHITELISTED =
  "Whitelisted. It invests with the tokens it holds (send them from your wallet first); the fund's paymaster pays its gas.";

/** The wallet layer's `smartAccount.notice`: whether the fund has whitelisted the smart account (read on first use). */
export function smartAccountNotice(config: AppConfig) {
  return async (address: Address): Promise<string> => {
    const whitelisted = await (await import("./smartAccount.lazy")).isWhitelisted(config, address);
    return whitelisted ? SMART_ACCOUNT_WHITELISTED : SMART_ACCOUNT_NOT_WHITELISTED;
  };
}
