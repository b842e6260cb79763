import type { VaultSettings } from "@fundament/sdk";
import { formatDate, timeLeft } from "../../shared/lib/format";
import type { RoundFeeTerms } from "./effects.helpers";

/**
 * Why a locked round cannot be settled yet (its lockup runs on, and the fund is not in an emergency), or null; null
 * too until the chain's time (ms) is known.
 */
export function settleBlocker(
  currentPool: VaultSettings["currentPool"],
  chainTime: number | undefined,
  emergencyState: boolean,
): string | null {
  const lockupEnded =
    currentPool.isLocked && chainTime !== undefined && Number(currentPool.lockupEndTime) * 1000 <= chainTime;
  return currentPool.isLocked && chainTime !== undefined && !lockupEnded && !emergencyState
    ? `The lockup ends on ${formatDate(currentPool.lockupEndTime)} (${timeLeft(Number(currentPool.lockupEndTime), chainTime)}); the round can be settled from then on, or earlier in an emergency.`
    : null;
}

/** What a locked round's fees depend on, settled now (the chain's time in ms, else the lockup's end). */
export function roundFeeTerms(vault: VaultSettings, chainTime: number | undefined): RoundFeeTerms {
  const { currentPool } = vault;
  return {
    principal: currentPool.preLockupTotal,
    totalShares: currentPool.totalShares,
    startSharePrice: currentPool.startSharePrice,
    lockupStartTime: currentPool.lockupStartTime,
    lockupEndTime: currentPool.lockupEndTime,
    lockedFeeRates: currentPool.lockedFeeRates,
    vaultFees: vault.fees,
    // Final once sent, or after the challenge window: the management fee counts up to then (at most to the
    // lockup's end), so an early settlement in an emergency is charged for the time it was locked.
    settledAt:
      BigInt(Math.floor((chainTime ?? Number(currentPool.lockupEndTime) * 1000) / 1000)) + vault.challengeWindow,
  };
}
