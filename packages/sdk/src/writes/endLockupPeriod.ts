import { erc20Abi, type Hex, zeroHash } from "viem";
import { readContract } from "viem/actions";
import { describeFundError, FundamentError, type FundErrorContext } from "../errors.js";
import { actionMessages } from "../messages.js";
import { fundContract } from "../reads/fundContract.js";
import { getInvestmentTokenAddress } from "../reads/getInvestmentTokenAddress.js";
import { readContracts } from "../utils/readContracts.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type EndLockupPeriodParameters = WriteContext & {
  vaultId: number | bigint;
  /** Token units collected back from the trading wallets (must equal what was collected). */
  totalReturned: bigint;
  /** keccak-256 of the round's NAV report (`hashRoundReport`), which claims `totalReturned`: every settlement carries one. */
  reportHash: Hex;
  /**
   * Settle below the pool's principal: the investors share the loss. Without it a loss is refused with a clear message
   * before any wallet prompt (the contract refuses it too: `LossNotConfirmed`).
   */
  confirmLoss?: boolean;
};

/**
 * Proposes the settlement of the vault's locked pool after its lockup. With a challenge window (every vault off the
 * local chain) it waits there, open to a veto, until anyone finalises it (`finalizeSettlement`); with none it settles
 * at once. Settling splits a profit (the fund's share accrues for the fund wallet) and opens the vault's next round. A result below the principal goes through `endLockupPeriodAtLoss` and only when
 * `confirmLoss` is set.
 */
export async function endLockupPeriod(parameters: EndLockupPeriodParameters): Promise<WriteResult> {
  const { deployment, publicClient, totalReturned } = parameters;
  let errorContext: FundErrorContext = {};
  let vaultId: bigint;
  let atLoss: boolean;
  let waits: boolean;
  try {
    vaultId = vaultIdArg(parameters.vaultId);
    if (!/^0x[0-9a-fA-F]{64}$/.test(parameters.reportHash) || parameters.reportHash === zeroHash) {
      throw new FundamentError(describeFundError("ReportMissing", [], {}));
    }
    const fund = fundContract(deployment);
    const token = await getInvestmentTokenAddress(publicClient, deployment);
    const [decimals, symbol, vault] = await readContracts(publicClient, [
      { address: token, abi: erc20Abi, functionName: "decimals" },
      { address: token, abi: erc20Abi, functionName: "symbol" },
      { ...fund, functionName: "getVault", args: [vaultId] },
    ]);
    errorContext = { decimals, symbol };
    const pool = await readContract(publicClient, {
      ...fund,
      functionName: "getPoolInfo",
      args: [vault.currentPoolId],
    });
    const principal = pool.preLockupTotal;
    waits = vault.challengeWindow > 0n;
    atLoss = vault.isLocked && totalReturned < principal;
    if (atLoss && !parameters.confirmLoss) {
      throw new FundamentError(describeFundError("LossNotConfirmed", [principal, totalReturned], errorContext));
    }
  } catch (error) {
    return failure(error, errorContext);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: atLoss ? "endLockupPeriodAtLoss" : "endLockupPeriod",
    args: [vaultId, totalReturned, parameters.reportHash],
    successMessage: waits
      ? actionMessages.settleProposed
      : atLoss
        ? actionMessages.settleAtLoss
        : actionMessages.settle,
    errorContext,
  });
}
