import { endLockupPeriod, startLockupPeriod, type TradingWallet, toUserMessage } from "@fundament/sdk";
import { AddressName } from "@fundament/wallet/react";
import { useIsMutating, useQuery } from "@tanstack/react-query";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useChainTime } from "../../shared/hooks/useChainTime";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useFundSettings, useInvestmentToken, useVaultSettings } from "../../shared/hooks/useFundQueries";
import { formatDate, formatTokenAmount, timeLeft } from "../../shared/lib/format";
import { roundLabel } from "../vaults/vaults.helpers";
import { AdminConfirmAction } from "./AdminConfirm";
import { bpsToPercent, lockupBlocker, secondsToDays } from "./admin.helpers";
import { poolReturnsQuery, reportBuildKey } from "./admin.queries";
import { CollectReturns } from "./CollectReturns";
import { lockupEffect, splitByAllocation } from "./effects.helpers";
import { PlannedLockup } from "./PlannedLockup";
import { ProposedSettlementPanel } from "./ProposedSettlementPanel";
import { SettleRound } from "./SettleRound";
import { useApprovalWatch } from "./useApprovalWatch";
import styles from "./VaultRoundSection.module.css";
import { WriteError } from "./WriteError";

/**
 * One vault's current round: its figures; start the lockup (checked first: deposits, allocations, emergency; then
 * the admin confirmation: what goes to which wallet, in tokens); collect the returns from the vault's trading wallets;
 * settle with the total returned, which is what was collected (the contract takes nothing else), and the hash of the
 * round's report, which the fund's server builds first (`SettleRound`). Settling asks the admin confirmation, showing
 * the report; below the principal (down to 0) a second, deliberate confirmation states the loss in tokens and per
 * cent, and the settlement is then sent as a confirmed loss.
 */
export function VaultRoundSection({
  vaultId,
  tradingWallets,
}: {
  vaultId: number;
  tradingWallets: readonly TradingWallet[] | undefined;
}) {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const vault = useVaultSettings(vaultId);
  const fund = useFundSettings();
  const token = useInvestmentToken();
  const locked = vault.data?.currentPool.isLocked === true;
  const returns = useQuery(poolReturnsQuery(client, deployment, vaultId, locked));
  const chainTime = useChainTime(locked);
  useApprovalWatch(vaultId, token.data?.address, locked);
  const start = useFundAction(startLockupPeriod);
  const end = useFundAction(endLockupPeriod);
  // While the round's report is being built, collecting would change the total it claims: the round's writes wait.
  const building = useIsMutating({ mutationKey: reportBuildKey(vaultId) }) > 0;
  const busy = start.state.status === "pending" || end.state.status === "pending" || building;
  const titleId = `round-${vaultId}-title`;

  if (vault.isError || token.isError) {
    return (
      <section className="card" aria-labelledby={titleId}>
        <h3 id={titleId}>Round and lockup</h3>
        <p className="error-text" role="alert">
          {toUserMessage(vault.error ?? token.error)}
        </p>
      </section>
    );
  }
  if (!vault.data || !token.data || !fund.data) {
    return (
      <section className="card" aria-labelledby={titleId}>
        <h3 id={titleId}>Round and lockup</h3>
        <Skeleton height="6rem" />
      </section>
    );
  }
  const { currentPool, round, lockupPeriodDuration } = vault.data;
  const { decimals, symbol } = token.data;
  const amount = (units: bigint) => formatTokenAmount(units, decimals, symbol);
  const principal = currentPool.preLockupTotal;
  // What was collected is the total returned: `endLockupPeriod` takes nothing else (ReturnedAmountMismatch).
  const collected = returns.data?.collected ?? currentPool.collected;
  const lockupEnded =
    currentPool.isLocked && chainTime !== undefined && Number(currentPool.lockupEndTime) * 1000 <= chainTime;
  const endBlocker =
    currentPool.isLocked && chainTime !== undefined && !lockupEnded && !fund.data.emergencyState
      ? `The lockup ends on ${formatDate(currentPool.lockupEndTime)} (${timeLeft(Number(currentPool.lockupEndTime), chainTime)}); the round can be settled from then on, or earlier in an emergency.`
      : null;
  const wallets = tradingWallets ?? [];
  const split = splitByAllocation(
    currentPool.totalFunds,
    wallets.map((w) => w.allocation),
  );
  const blocker = lockupBlocker({
    totalFunds: currentPool.totalFunds,
    // Until the wallets are read, only the other checks speak (the button waits for the list).
    allocationBps: tradingWallets ? tradingWallets.reduce((sum, w) => sum + Number(w.allocation), 0) : 10_000,
    emergencyState: fund.data.emergencyState,
  });

  return (
    <section className="card" aria-labelledby={titleId}>
      <h3 id={titleId}>Round and lockup</h3>
      <dl className="figures figures--compact">
        <div className="figure">
          <dt>Current round</dt>
          <dd>
            {roundLabel(round)}
            <br />
            <span className="figure__note">pool #{currentPool.poolId.toString()}</span>
          </dd>
        </div>
        <div className="figure">
          <dt>{currentPool.isLocked ? "Principal" : "Deposits"}</dt>
          <dd data-testid="round-principal">{amount(currentPool.isLocked ? principal : currentPool.totalFunds)}</dd>
        </div>
        <div className="figure">
          <dt>State</dt>
          <dd>{currentPool.proposal ? "Settlement proposed" : currentPool.isLocked ? "Locked" : "Open"}</dd>
        </div>
        <div className="figure">
          <dt>{currentPool.isLocked ? "Lockup ends" : "Lock period"}</dt>
          <dd>{currentPool.isLocked ? formatDate(currentPool.lockupEndTime) : secondsToDays(lockupPeriodDuration)}</dd>
        </div>
      </dl>
      {!currentPool.isLocked ? (
        <>
          <AdminConfirmAction
            label="Start lockup period"
            confirmLabel="Confirm start of lockup"
            tone="primary"
            busy={start.state.status === "pending"}
            disabled={busy || !tradingWallets || Boolean(blocker)}
            effect={lockupEffect({
              amount: currentPool.totalFunds,
              wallets: wallets.length,
              round,
              lockupSeconds: lockupPeriodDuration,
              token: token.data,
            })}
            onConfirm={() => {
              end.reset();
              void start.run({ vaultId });
            }}
          >
            <ul className={styles.walletList} aria-label="What each trading wallet receives">
              {wallets.map((w, i) => (
                <li key={`${w.walletAddress}-${w.index}`}>
                  {w.walletType} (<AddressName address={w.walletAddress} />
                  ): {amount(split[i] ?? 0n)} ({bpsToPercent(w.allocation)})
                </li>
              ))}
            </ul>
            <p>
              Deposits into this vault stop until the round settles; the next round then opens. The funds come back only
              when the trading wallets return them.
            </p>
          </AdminConfirmAction>
          {blocker && <p className="muted small">{blocker}</p>}
          <PlannedLockup vault={{ vaultId, round, status: "open" }} />
        </>
      ) : currentPool.proposal ? (
        <ProposedSettlementPanel
          vaultId={vaultId}
          poolId={currentPool.poolId}
          round={round}
          proposal={currentPool.proposal}
          token={token.data}
          viewer="admin"
        />
      ) : (
        <>
          {returns.data ? (
            <CollectReturns
              vaultId={vaultId}
              returns={returns.data}
              decimals={decimals}
              symbol={symbol}
              token={token.data.address}
              fund={deployment.investmentFund}
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
            principal={principal}
            collected={collected}
            token={token.data}
            feeTerms={{
              principal,
              totalShares: currentPool.totalShares,
              startSharePrice: currentPool.startSharePrice,
              lockupStartTime: currentPool.lockupStartTime,
              lockupEndTime: currentPool.lockupEndTime,
              lockedFeeRates: currentPool.lockedFeeRates,
              vaultFees: vault.data.fees,
              // Final once sent, or after the challenge window: the management fee counts up to then (at most to the
              // lockup's end), so an early settlement in an emergency is charged for the time it was locked.
              settledAt:
                BigInt(Math.floor((chainTime ?? Number(currentPool.lockupEndTime) * 1000) / 1000)) +
                vault.data.challengeWindow,
            }}
            challengeWindow={Number(vault.data.challengeWindow)}
            end={end}
            disabled={busy}
            endBlocker={endBlocker}
            onBegin={() => start.reset()}
          />
        </>
      )}
      <TxStatus state={start.state} />
      <WriteError state={start.state} what="The lockup did not start:" />
    </section>
  );
}
