import { endLockupPeriod, formatDate, startLockupPeriod, type TradingWallet, toUserMessage } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { formatUnits } from "viem";
import { ConfirmAction } from "../../shared/components/ConfirmAction";
import { Field } from "../../shared/components/Field";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useChainTime } from "../../shared/hooks/useChainTime";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useFundSettings, useInvestmentToken, useVaultSettings } from "../../shared/hooks/useFundQueries";
import { timeLeft } from "../../shared/lib/format";
import { formatTokenAmount } from "../../shared/lib/tokenAmount";
import { roundLabel } from "../vaults/vaults.helpers";
import { lockupBlocker, parseTokenAmount, secondsToDays, settlementOutcome } from "./admin.helpers";
import { poolReturnsQuery } from "./admin.queries";
import { CollectReturns } from "./CollectReturns";

/** A settlement below the principal, waiting for the admin's deliberate confirmation. */
type PendingLoss = { totalReturned: bigint; loss: bigint; percent: string };

/**
 * One vault's current round: its figures; start the lockup (checked first: deposits, allocations, emergency);
 * collect the returns from the vault's trading wallets; settle with the total returned, which follows the collected
 * total until edited. Settling below the principal needs a second, explicit confirmation that states the loss in
 * tokens and per cent, and is then sent as a confirmed loss.
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
  const start = useFundAction(startLockupPeriod);
  const end = useFundAction(endLockupPeriod);
  // null: follow the collected total (what the contract expects); a string once the admin edits it.
  const [returned, setReturned] = useState<string | null>(null);
  const [returnedError, setReturnedError] = useState<string | null>(null);
  const [pendingLoss, setPendingLoss] = useState<PendingLoss | null>(null);
  const busy = start.state.status === "pending" || end.state.status === "pending";
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
  const lockupEnded =
    currentPool.isLocked && chainTime !== undefined && Number(currentPool.lockupEndTime) * 1000 <= chainTime;
  const returnedText = returned ?? (returns.data ? formatUnits(returns.data.collected, decimals) : "");
  const blocker = lockupBlocker({
    totalFunds: currentPool.totalFunds,
    // Until the wallets are read, only the other checks speak (the button waits for the list).
    allocationBps: tradingWallets ? tradingWallets.reduce((sum, w) => sum + Number(w.allocation), 0) : 10_000,
    emergencyState: fund.data.emergencyState,
  });

  const settle = async (totalReturned: bigint, confirmLoss: boolean) => {
    const result = await end.run({ vaultId, totalReturned, ...(confirmLoss ? { confirmLoss: true } : {}) });
    if (result.success) setReturned(null);
  };

  const onEnd = async (event: FormEvent) => {
    event.preventDefault();
    const units = parseTokenAmount(returnedText, decimals);
    setReturnedError(units === null ? `Enter the total returned in ${symbol}, e.g. 125000.50.` : null);
    if (units === null) return;
    start.reset();
    const outcome = settlementOutcome(principal, units);
    if (outcome.kind === "loss") {
      // A loss is never sent from the first click: the admin confirms it as one, with the figures in front of them.
      setPendingLoss({ totalReturned: units, loss: outcome.amount, percent: outcome.percent });
      return;
    }
    await settle(units, false);
  };

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
          <dd>{currentPool.isLocked ? "Locked" : "Open"}</dd>
        </div>
        <div className="figure">
          <dt>{currentPool.isLocked ? "Lockup ends" : "Lock period"}</dt>
          <dd>{currentPool.isLocked ? formatDate(currentPool.lockupEndTime) : secondsToDays(lockupPeriodDuration)}</dd>
        </div>
      </dl>
      {!currentPool.isLocked ? (
        <>
          <ConfirmAction
            label="Start lockup period"
            confirmLabel="Confirm start of lockup"
            busy={start.state.status === "pending"}
            disabled={busy || !tradingWallets || Boolean(blocker)}
            onConfirm={() => {
              end.reset();
              void start.run({ vaultId });
            }}
          >
            <p>
              Lock {roundLabel(round).toLowerCase()} and send its {amount(currentPool.totalFunds)} to the vault's
              trading wallets? Deposits into this vault stop until the round settles; the next round then opens.
            </p>
          </ConfirmAction>
          {blocker && <p className="muted small">{blocker}</p>}
        </>
      ) : (
        <>
          {returns.data ? (
            <CollectReturns
              vaultId={vaultId}
              returns={returns.data}
              decimals={decimals}
              symbol={symbol}
              disabled={busy}
            />
          ) : returns.isError ? (
            <p className="error-text">{toUserMessage(returns.error)}</p>
          ) : (
            <Skeleton height="5rem" />
          )}
          {pendingLoss ? (
            <fieldset className="confirm confirm--danger" aria-labelledby={`${titleId}-loss`}>
              <div id={`${titleId}-loss`} className="confirm__text" role="alert">
                <p>
                  <strong>
                    Settle {roundLabel(round).toLowerCase()} at a loss of {amount(pendingLoss.loss)} (
                    {pendingLoss.percent})?
                  </strong>
                </p>
                <p>
                  Its investors put in {amount(principal)} and get back {amount(pendingLoss.totalReturned)}, shared pro
                  rata; the fund takes no share. This cannot be undone.
                </p>
              </div>
              <div className="confirm__actions">
                <button
                  type="button"
                  className="button button--danger"
                  onClick={() => {
                    const { totalReturned } = pendingLoss;
                    setPendingLoss(null);
                    void settle(totalReturned, true);
                  }}
                >
                  Confirm loss and settle
                </button>
                <button type="button" className="button button--secondary" onClick={() => setPendingLoss(null)}>
                  Cancel
                </button>
              </div>
            </fieldset>
          ) : (
            <form className="inline-form" onSubmit={onEnd} noValidate>
              <Field
                label={`Total returned (${symbol})`}
                error={returnedError}
                hint={
                  lockupEnded
                    ? `The lockup has ended. Collect the funds from the trading wallets; the total collected is filled in. Principal: ${amount(principal)}.`
                    : `The lockup has not ended yet${chainTime === undefined ? "" : `: ${timeLeft(Number(currentPool.lockupEndTime), chainTime)}`}. Principal: ${amount(principal)}.`
                }
              >
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    inputMode="decimal"
                    value={returnedText}
                    onChange={(e) => setReturned(e.target.value)}
                  />
                )}
              </Field>
              <div className="inline-form__actions">
                <button type="submit" className="button button--primary" disabled={busy}>
                  End lockup period
                </button>
              </div>
            </form>
          )}
        </>
      )}
      <TxStatus state={start.state} />
      <TxStatus state={end.state} />
    </section>
  );
}
