import type { Address } from "viem";

/**
 * The call a trading wallet makes before its funds can be collected, on the investment token: `approve(fund, amount)`
 * with the amount in token units (the token's smallest unit: 6 decimals for mUSDC, so 1 mUSDC is 1000000).
 */
export function approveCall(fund: Address, units: bigint): string {
  return `approve(${fund}, ${units.toString()})`;
}

/** The same call with Foundry's `cast`, for a trading desk that signs from the command line. */
export function approveCastCommand(token: Address, fund: Address, units: bigint): string {
  return `cast send ${token} "approve(address,uint256)" ${fund} ${units.toString()}`;
}

/** Where a trading wallet stands in returning its funds: nothing approved yet, part of them, or all it holds. */
export type ApprovalState = "waiting" | "partial" | "ready";

/** `waiting` until the wallet approves the fund; `partial` while it approved less than it was sent; else `ready`. */
export function approvalState({ allowance, sent }: { allowance: bigint; sent: bigint }): ApprovalState {
  if (allowance === 0n) return "waiting";
  return allowance < sent ? "partial" : "ready";
}
