import { erc20Abi } from "viem";
import { readContract } from "viem/actions";
import { toTokenUnits } from "../math/tokenAmount.js";
import { actionMessages } from "../messages.js";
import { getInvestmentTokenAddress } from "../reads/getInvestmentTokenAddress.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type SetMinimumInvestmentParameters = WriteContext & {
  vaultId: number | bigint;
  /** Token units as a bigint, or a human amount in whole tokens ("100", "2,500.50") converted to the token's decimals. */
  amount: bigint | string | number;
};

/** Sets a vault's smallest deposit (admin). */
export async function setMinimumInvestment(parameters: SetMinimumInvestmentParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"setMinimumInvestment">;
  try {
    const vaultId = vaultIdArg(parameters.vaultId);
    let amount: bigint;
    if (typeof parameters.amount === "bigint") amount = parameters.amount;
    else {
      const token = await getInvestmentTokenAddress(parameters.publicClient, parameters.deployment);
      const decimals = await readContract(parameters.publicClient, {
        address: token,
        abi: erc20Abi,
        functionName: "decimals",
      });
      amount = toTokenUnits(parameters.amount, decimals);
    }
    args = [vaultId, amount];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "setMinimumInvestment",
    args,
    successMessage: actionMessages.setMinimumInvestment,
  });
}
