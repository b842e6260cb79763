import { type InvestmentToken, type PoolReturns, toUserMessage, type VaultSettings } from "@fundament/sdk";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Address } from "viem";
import { Skeleton } from "../../shared/components/Skeleton";
import { CollectReturns } from "./CollectReturns";
import { roundFeeTerms, settleBlocker } from "./round.helpers";
import { SettleRound } from "./SettleRound";
import type { SettleEndAction } from "./useSettleFlow";

export type LockedRoundProps = {
  vaultId: number;
  vault: VaultSettings;
  token: InvestmentToken;
  /** The fund's contract (what the trading wallets approve). */
  fund: Address;
  emergencyState: boolean;
  /** What the trading wallets were sent and have returned (read while the round is locked). */
  returns: UseQueryResult<PoolReturns>;
  /** The chain's time (ms), once read. */
  chainTime: number | undefined;
  end: SettleEndAction;
  /** Another write of the round is under way. */
  busy: boolean;
  /** The admin starts a settlement (the start's result is cleared). */
  onBegin: () => void;
};

/**
 * A locked round with no settlement proposed: collect the returns from the vault's trading wallets, then settle with
 * the total returned, which is what was collected (the contract takes nothing else).
 */
export function LockedRound({
  vaultId,
  vault,
  token,
  fund,
  emergencyState,
  returns,
  chainTime,
  end,
  busy,
  onBegin,
}: LockedRoundProps) {
  const { currentPool, round } = vault;
  // What was collected is the total returned: `endLockupPeriod` takes nothing else (ReturnedAmountMismatch).
  const collected = returns.data?.collected ?? currentPool.collected;
  return (
    <>
      {returns.data ? (
        <CollectReturns
          vaultId={vaultId}
          returns={returns.data}
          decimals={token.decimals}
          symbol={token.symbol}
          token={token.address}
          fund={fund}
          disabled={busy}
        />
      ) : returns.isError ? (
        <p className="error-text">{toUserMessage(returns.error)}</p>
      ) : (
        <Skeleton height="5rem" />
      )}
      <SettleRound
        key={currentPool.poolId.toString()}
        vaultId={vaultId}
        poolId={currentPool.poolId}
        round={round}
        principal={currentPool.preLockupTotal}
        collected={collected}
        token={token}
        feeTerms={roundFeeTerms(vault, chainTime)}
        challengeWindow={Number(vault.challengeWindow)}
        end={end}
        disabled={busy}
        endBlocker={settleBlocker(currentPool, chainTime, emergencyState)}
        onBegin={onBegin}
      />
    </>
  );
}
