import { parseEther } from "viem";
import { simulateContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import { fundPaymasterAbi } from "../abi/index.js";
import { FundamentError, revertOf } from "../errors.js";
import { errorMessages } from "../messages.js";
import { failure } from "./failure.js";
import { requireAccount } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type SetSponsorBudgetParameters = WriteContext & {
  /** Wei as a bigint, or a human amount of ETH ("0.05"): the most gas the paymaster sponsors per account. */
  budget: bigint | string;
};

export const sponsorBudgetMessages = {
  updated: "Gas sponsorship budget updated.",
  invalid: "Enter a budget in ETH, like 0.05 (0 sponsors nothing).",
  noPaymaster: "This deployment has no fund paymaster.",
  notAdmin: "This wallet is not allowed to do that.",
} as const;

/** The budget in wei, from wei or a human ETH amount; throws a FundamentError for anything else. */
export function parseSponsorBudget(budget: bigint | string): bigint {
  if (typeof budget === "bigint") {
    if (budget < 0n) throw new FundamentError(sponsorBudgetMessages.invalid);
    return budget;
  }
  const text = budget.replaceAll(",", "").trim();
  if (!/^\d+(\.\d{1,18})?$/.test(text)) throw new FundamentError(sponsorBudgetMessages.invalid);
  return parseEther(text);
}

/**
 * Sets the fund paymaster's gas budget per account (fund admins only): simulated first, so a wallet that is not a
 * fund admin is told before any prompt; then sent, and its receipt awaited.
 */
export async function setSponsorBudget(parameters: SetSponsorBudgetParameters): Promise<WriteResult> {
  const { deployment, publicClient, walletClient } = parameters;
  try {
    const paymaster = deployment.fundPaymaster;
    if (!paymaster) throw new FundamentError(sponsorBudgetMessages.noPaymaster);
    const budget = parseSponsorBudget(parameters.budget);
    const account = walletClient.account ?? requireAccount(parameters);
    const { request } = await simulateContract(publicClient, {
      address: paymaster,
      abi: fundPaymasterAbi,
      functionName: "setSponsorBudget",
      args: [budget],
      account,
    });
    const hash = await writeContract(walletClient, { ...request, chain: walletClient.chain });
    parameters.onSubmitted?.(hash);
    if (parameters.waitForReceipt !== false) {
      const receipt = await waitForTransactionReceipt(publicClient, { hash });
      if (receipt.status !== "success")
        return { hash: null, success: false, message: errorMessages.executionFailed, kind: "reverted" };
    }
    return { hash, success: true, message: sponsorBudgetMessages.updated, kind: null };
  } catch (error) {
    if (revertOf(error, fundPaymasterAbi)?.errorName === "NotFundAdmin")
      return { hash: null, success: false, message: sponsorBudgetMessages.notAdmin, kind: "reverted" };
    return failure(error);
  }
}
