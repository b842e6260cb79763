import { FundamentError } from "../baseErrors.js";
import { fundLimits } from "../fundLimits.js";
import { actionMessages } from "../messages.js";
import { NO_GAIN_BOUND } from "../reads/fundState.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

export type SetChallengeWindowParameters = WriteContext & {
  vaultId: number | bigint;
  /** How long a proposed settlement waits, open to a veto, in whole seconds (at most 14 days; 0 only locally). */
  seconds: number | bigint;
};

export type SetSettlementBoundsParameters = WriteContext & {
  vaultId: number | bigint;
  /** The largest loss of a round that needs no co-signature, in basis points of its principal (0 to 10,000). */
  maxLossBps: number;
  /** The largest gain that needs none, in basis points; null: no bound on gains. */
  maxGainBps: number | null;
};

/**
 * Sets how long a vault's proposed settlements wait before they are final. Only the fund's timelock may: from an
 * admin's wallet the change is scheduled there and waits its delay (the message says from when).
 */
export async function setChallengeWindow(parameters: SetChallengeWindowParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"setChallengeWindow">;
  try {
    const seconds = BigInt(parameters.seconds);
    if (seconds < 0n || seconds > BigInt(fundLimits.MAX_CHALLENGE_WINDOW)) {
      throw new FundamentError("Enter a challenge window of at most 14 days.");
    }
    args = [vaultIdArg(parameters.vaultId), seconds];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "setChallengeWindow",
    args,
    successMessage: actionMessages.setChallengeWindow,
  });
}

/**
 * Sets the bounds of a vault's round results beyond which a settlement needs a guardian's co-signature. Only the
 * fund's timelock may: from an admin's wallet the change is scheduled there and waits its delay.
 */
export async function setSettlementBounds(parameters: SetSettlementBoundsParameters): Promise<WriteResult> {
  let args: FundWriteArgs<"setSettlementBounds">;
  try {
    const { maxLossBps, maxGainBps } = parameters;
    const gain = maxGainBps ?? NO_GAIN_BOUND;
    const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;
    if (!whole(maxLossBps) || maxLossBps > 10_000 || !whole(gain) || gain > NO_GAIN_BOUND) {
      throw new FundamentError(
        "Enter a largest loss of 0 to 100% and a largest gain of 0 to 655% (or none), in whole basis points.",
      );
    }
    args = [vaultIdArg(parameters.vaultId), BigInt(maxLossBps), BigInt(gain)];
  } catch (error) {
    return failure(error);
  }
  return sendFundTransaction({
    ...parameters,
    functionName: "setSettlementBounds",
    args,
    successMessage: actionMessages.setSettlementBounds,
  });
}
