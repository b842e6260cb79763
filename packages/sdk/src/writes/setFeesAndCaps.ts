import { erc20Abi } from "viem";
import { readContract } from "viem/actions";
import { FundamentError } from "../baseErrors.js";
import { fundErrorTexts } from "../errors.js";
import { fundLimits } from "../fundLimits.js";
import { toTokenUnits } from "../math/tokenAmount.js";
import { actionMessages } from "../messages.js";
import { getInvestmentTokenAddress } from "../reads/getInvestmentTokenAddress.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type SetFeesParameters = WriteContext & {
  vaultId: number | bigint;
  /** Per year of a round's principal, in whole basis points (at most 500: 5 %). */
  managementFeeBps: number;
  /** Of a round's profit above the high-water mark, in whole basis points (at most 5,000: 50 %). */
  performanceFeeBps: number;
};

/** A cap in token units as a bigint, or in whole tokens ("250,000"); null: none. */
type CapInput = bigint | string | number | null;

export type SetCapsParameters = WriteContext & {
  vaultId: number | bigint;
  /** The most a round of the vault may hold in all. */
  depositCap: CapInput;
  /** The most one investor may hold in a round of the vault (at the round's share price). */
  investorCap: CapInput;
};

/**
 * Sets a vault's fees. A cut goes through at once from an admin's wallet (it applies to the round in progress too); a
 * raise is the fund's timelock's: from an admin's wallet it is scheduled there and waits its delay, and it applies to
 * rounds locked after it.
 */
export async function setFees(parameters: SetFeesParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"setFees">;
  try {
    const { managementFeeBps, performanceFeeBps } = parameters;
    const within = (n: number, max: number) => Number.isSafeInteger(n) && n >= 0 && n <= max;
    if (
      !within(managementFeeBps, fundLimits.MAX_MANAGEMENT_FEE_BPS) ||
      !within(performanceFeeBps, fundLimits.MAX_PERFORMANCE_FEE_BPS)
    ) {
      throw new FundamentError(fundErrorTexts.FeeAboveCap());
    }
    args = [vaultIdArg(parameters.vaultId), BigInt(managementFeeBps), BigInt(performanceFeeBps)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({ ...parameters, functionName: "setFees", args, successMessage: actionMessages.setFees });
}

/**
 * Sets a vault's caps. Adding or lowering one goes through at once from an admin's wallet (deposits already made
 * stay); raising or removing one is the fund's timelock's: from an admin's wallet it is scheduled there.
 */
export async function setCaps(parameters: SetCapsParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"setCaps">;
  try {
    const toUnits = tokenUnitsOf(parameters);
    args = [
      vaultIdArg(parameters.vaultId),
      await toUnits(parameters.depositCap),
      await toUnits(parameters.investorCap),
    ];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({ ...parameters, functionName: "setCaps", args, successMessage: actionMessages.setCaps });
}

/** Converts a cap to token units, reading the token's decimals once and only when a cap is given in whole tokens. */
function tokenUnitsOf(parameters: WriteContext): (cap: CapInput) => Promise<bigint> {
  let decimals: Promise<number> | undefined;
  const readDecimals = async () => {
    const token = await getInvestmentTokenAddress(parameters.publicClient, parameters.deployment);
    return readContract(parameters.publicClient, { address: token, abi: erc20Abi, functionName: "decimals" });
  };
  return async (cap) => {
    if (cap === null) return 0n;
    if (typeof cap === "bigint") {
      if (cap < 0n) throw new FundamentError("Enter a cap of 0 or more, or none.");
      return cap;
    }
    decimals ??= readDecimals();
    return toTokenUnits(cap, await decimals);
  };
}
