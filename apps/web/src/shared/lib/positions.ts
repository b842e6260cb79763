import type { VaultPosition } from "@fundament/sdk";

type PositionFields = Pick<VaultPosition, "shares" | "withdrawable" | "poolState" | "round" | "principal" | "value">;

/** Whether the account holds anything in the vault: shares in a round, or a payout waiting to be withdrawn. */
export function hasPosition(position: Pick<PositionFields, "shares" | "withdrawable">): boolean {
  return position.shares > 0n || position.withdrawable > 0n;
}

/**
 * A settled round's payout waiting in the vault, or null. While there is one, the contract refuses a new investment
 * in the vault and a change of roll-over (`UnwithdrawnPosition`): the payout must be withdrawn first.
 */
export function settledPayout(
  position: Pick<PositionFields, "poolState" | "withdrawable" | "round">,
): { amount: bigint; round: number } | null {
  return position.poolState === "settled" && position.withdrawable > 0n
    ? { amount: position.withdrawable, round: position.round }
    : null;
}

/**
 * What a withdrawal would be now: a settled round's payout, a refund of a deposit in a round that is still open, or
 * nothing (no position, or the round is locked with the traders).
 */
export function withdrawKind(position: Pick<PositionFields, "poolState" | "withdrawable">): "payout" | "refund" | null {
  if (position.withdrawable === 0n) return null;
  if (position.poolState === "settled") return "payout";
  if (position.poolState === "open") return "refund";
  return null;
}

/** The position's gain or loss so far: value − principal (0 while the round is open or locked at its start price). */
export function positionResult(position: Pick<PositionFields, "value" | "principal">): bigint {
  return position.value - position.principal;
}
