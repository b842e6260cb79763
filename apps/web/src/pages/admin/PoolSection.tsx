import { endLockupPeriod, formatDate, setEmergencyState, startLockupPeriod, toUserMessage } from "@fundament/sdk";
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
import { useFundSettings, useInvestmentToken } from "../../shared/hooks/useFundQueries";
import { timeLeft } from "../../shared/lib/format";
import { formatTokenAmount } from "../vault/invest.helpers";
import { parseTokenAmount } from "./admin.helpers";
import { poolReturnsQuery } from "./admin.queries";
import { CollectReturns } from "./CollectReturns";

/**
 * The current pool's lockup (start; collect the returns from the trading wallets; end with the total returned,
 * which follows the collected total until edited) and the fund's emergency state.
 */
export function PoolSection() {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const settings = useFundSettings();
  const token = useInvestmentToken();
  const locked = settings.data?.currentPool.isLocked === true;
  const returns = useQuery(poolReturnsQuery(client, deployment, locked));
  const chainTime = useChainTime(locked);
  const start = useFundAction(startLockupPeriod);
  const end = useFundAction(endLockupPeriod);
  const emergency = useFundAction(setEmergencyState);
  // null: follow the collected total (what the contract expects); a string once the admin edits it.
  const [returned, setReturned] = useState<string | null>(null);
  const [returnedError, setReturnedError] = useState<string | null>(null);
  const busy = [start, end, emergency].some((a) => a.state.status === "pending");

  if (!settings.data || !token.data) {
    return (
      <section className="card" aria-labelledby="pool-title">
        <h2 id="pool-title">Pool and lockup</h2>
        <Skeleton height="6rem" />
      </section>
    );
  }
  const { currentPool, emergencyState, lockupPeriodDuration } = settings.data;
  const { decimals, symbol } = token.data;
  const lockupEnded =
    currentPool.isLocked && chainTime !== undefined && Number(currentPool.lockupEndTime) * 1000 <= chainTime;
  const returnedText = returned ?? (returns.data ? formatUnits(returns.data.collected, decimals) : "");

  const onEnd = async (event: FormEvent) => {
    event.preventDefault();
    const units = parseTokenAmount(returnedText, decimals);
    const problem = units === null ? `Enter the total returned in ${symbol}, e.g. 125000.50.` : null;
    setReturnedError(problem);
    if (units === null) return;
    const result = await end.run({ totalReturned: units });
    if (result.success) setReturned(null);
  };

  return (
    <section className="card" aria-labelledby="pool-title">
      <h2 id="pool-title">Pool and lockup</h2>
      <dl className="figures figures--compact">
        <div className="figure">
          <dt>Current pool</dt>
          <dd>#{currentPool.poolId.toString()}</dd>
        </div>
        <div className="figure">
          <dt>Total funds</dt>
          <dd>{formatTokenAmount(currentPool.totalFunds, decimals, symbol)}</dd>
        </div>
        <div className="figure">
          <dt>State</dt>
          <dd>{currentPool.isLocked ? "Locked" : "Open"}</dd>
        </div>
        <div className="figure">
          <dt>{currentPool.isLocked ? "Lockup ends" : "Lock period"}</dt>
          <dd>
            {currentPool.isLocked
              ? formatDate(currentPool.lockupEndTime)
              : `${(Number(lockupPeriodDuration) / 86_400).toLocaleString("en-US", { maximumFractionDigits: 2 })} days`}
          </dd>
        </div>
      </dl>
      {!currentPool.isLocked ? (
        <ConfirmAction
          label="Start lockup period"
          confirmLabel="Confirm start of lockup"
          busy={start.state.status === "pending"}
          disabled={busy}
          onConfirm={() => void start.run({})}
        >
          <p>
            Lock pool #{currentPool.poolId.toString()} and send its funds to the trading wallets? Deposits stop until
            the pool is settled.
          </p>
        </ConfirmAction>
      ) : (
        <>
          {returns.data ? (
            <CollectReturns returns={returns.data} decimals={decimals} symbol={symbol} disabled={busy} />
          ) : returns.isError ? (
            <p className="error-text">{toUserMessage(returns.error)}</p>
          ) : (
            <Skeleton height="5rem" />
          )}
          <form className="inline-form" onSubmit={onEnd} noValidate>
            <Field
              label={`Total returned (${symbol})`}
              error={returnedError}
              hint={
                lockupEnded
                  ? "The lockup has ended. Collect the funds from the trading wallets; the total collected is filled in."
                  : `The lockup has not ended yet${chainTime === undefined ? "" : `: ${timeLeft(Number(currentPool.lockupEndTime), chainTime)}`}.`
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
        </>
      )}
      <TxStatus state={start.state} />
      <TxStatus state={end.state} />
      <div className="divider" />
      <h3>Emergency state</h3>
      <p>
        The emergency state is <strong data-testid="emergency-state">{emergencyState ? "on" : "off"}</strong>.{" "}
        {emergencyState
          ? "Investors can withdraw their share with an emergency withdrawal; deposits and lockups are paused."
          : "Turning it on pauses deposits and lockups and lets investors withdraw their share."}
      </p>
      <ConfirmAction
        label={emergencyState ? "Turn emergency state off" : "Turn emergency state on"}
        confirmLabel={emergencyState ? "Confirm: turn off" : "Confirm: turn on"}
        tone={emergencyState ? "primary" : "danger"}
        busy={emergency.state.status === "pending"}
        disabled={busy}
        onConfirm={() => void emergency.run({ emergencyState: !emergencyState })}
      >
        <p>{emergencyState ? "Turn the emergency state off?" : "Turn the emergency state on for the whole fund?"}</p>
      </ConfirmAction>
      <TxStatus state={emergency.state} />
    </section>
  );
}
