import { type Address, formatEther } from "viem";

/** Who pays a user operation's gas: the fund's paymaster, or the smart account from its own ETH. */
export type GasPayment = "sponsored" | "selfPaid";

/** Why the fund's paymaster will not sponsor an operation (the account then pays for itself, or is told how). */
export type NotSponsoredReason = "notWhitelisted" | "budgetUsedUp";

/** The gas fields of a prepared user operation (EntryPoint v0.7/v0.8) that bound what it may cost. */
export type UserOperationGas = {
  callGasLimit: bigint;
  verificationGasLimit: bigint;
  preVerificationGas: bigint;
  maxFeePerGas: bigint;
  paymasterVerificationGasLimit?: bigint | undefined;
  paymasterPostOpGasLimit?: bigint | undefined;
};

/**
 * The most an operation can cost, which the EntryPoint requires up front (its `requiredPrefund`): every gas limit
 * (the paymaster's too, when it has one) times `maxFeePerGas`. The paymaster checks it against its budget; a
 * self-paid operation's account must hold it (less what it already has deposited at the EntryPoint).
 */
export function userOperationMaxCost(op: UserOperationGas): bigint {
  const gas =
    op.callGasLimit +
    op.verificationGasLimit +
    op.preVerificationGas +
    (op.paymasterVerificationGasLimit ?? 0n) +
    (op.paymasterPostOpGasLimit ?? 0n);
  return gas * op.maxFeePerGas;
}

/** Rounds a positive wei amount up to two significant digits (0.000412345 ETH → 0.00042 ETH), for "about X ETH". */
export function roundUpWei(wei: bigint): bigint {
  if (wei <= 0n) return 0n;
  const digits = wei.toString().length;
  if (digits <= 2) return wei;
  const unit = 10n ** BigInt(digits - 2);
  return ((wei + unit - 1n) / unit) * unit;
}

const reasonWords: Record<NotSponsoredReason, string> = {
  notWhitelisted: "not on the whitelist",
  budgetUsedUp: "its gas budget is used up",
};

/** The plain-words error when the paymaster will not sponsor an operation and the account lacks the ETH to pay. */
export function needsEthMessage(account: Address, shortfall: bigint, reason: NotSponsoredReason): string {
  return `Your smart account (${account}) needs about ${formatEther(roundUpWei(shortfall))} ETH to pay for this itself: the fund does not sponsor it (${reasonWords[reason]}). Send ETH to it from your wallet, then try again.`;
}
