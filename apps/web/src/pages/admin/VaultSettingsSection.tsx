import { setLockupPeriodDuration, setMinimumInvestment, toUserMessage } from "@fundament/sdk";
import { type FormEvent, useState } from "react";
import { TokenAmount } from "../../shared/components/Amount";
import { Field } from "../../shared/components/Field";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useInvestmentToken, useVaultSettings } from "../../shared/hooks/useFundQueries";
import { parseLockupDays, parseTokenAmount, secondsToDays } from "./admin.helpers";
import { WriteError } from "./WriteError";

/** One vault's own settings: the lockup duration of its next lockup and its minimum investment, each with a setter. */
export function VaultSettingsSection({ vaultId }: { vaultId: number }) {
  const vault = useVaultSettings(vaultId);
  const token = useInvestmentToken();
  const setDuration = useFundAction(setLockupPeriodDuration);
  const setMinimum = useFundAction(setMinimumInvestment);
  const [days, setDays] = useState("");
  const [daysError, setDaysError] = useState<string | null>(null);
  const [minimum, setMinimumText] = useState("");
  const [minimumError, setMinimumError] = useState<string | null>(null);
  const busy = setDuration.state.status === "pending" || setMinimum.state.status === "pending";
  const titleId = `vault-settings-${vaultId}-title`;

  if (!vault.data || !token.data) {
    return (
      <section className="card" aria-labelledby={titleId}>
        <h3 id={titleId}>Vault settings</h3>
        {vault.isError ? (
          <p className="error-text" role="alert">
            {toUserMessage(vault.error)}
          </p>
        ) : (
          <Skeleton height="6rem" />
        )}
      </section>
    );
  }
  const { decimals, symbol } = token.data;

  const onDuration = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseLockupDays(days);
    setDaysError("error" in parsed ? parsed.error : null);
    if ("error" in parsed) return;
    setMinimum.reset();
    const result = await setDuration.run({ vaultId, seconds: parsed.seconds });
    if (result.success) setDays("");
  };

  const onMinimum = async (event: FormEvent) => {
    event.preventDefault();
    const units = parseTokenAmount(minimum, decimals);
    const problem = units === null || units === 0n ? `Enter a minimum investment above 0 ${symbol}, e.g. 100.` : null;
    setMinimumError(problem);
    if (problem || units === null) return;
    setDuration.reset();
    const result = await setMinimum.run({ vaultId, amount: units });
    if (result.success) setMinimumText("");
  };

  return (
    <section className="card" aria-labelledby={titleId}>
      <h3 id={titleId}>Vault settings</h3>
      <dl className="kv">
        <div>
          <dt>Lockup period duration</dt>
          <dd data-testid="vault-lockup-duration">{secondsToDays(vault.data.lockupPeriodDuration)}</dd>
        </div>
        <div>
          <dt>Minimum investment</dt>
          <dd data-testid="vault-minimum">
            <TokenAmount units={vault.data.minimumInvestment} decimals={decimals} symbol={symbol} />
          </dd>
        </div>
      </dl>
      <form className="inline-form" onSubmit={onDuration} noValidate aria-label="Lockup period duration">
        <Field
          label="New lockup duration (days)"
          error={daysError}
          hint="Applies from the vault's next lockup; a locked round keeps its end date. It waits the timelock's delay in Pending changes first, so investors can leave."
        >
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              placeholder="30"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          )}
        </Field>
        <div className="inline-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Set lockup duration
          </button>
        </div>
      </form>
      <TxStatus state={setDuration.state} />
      <WriteError state={setDuration.state} what="The lockup duration was not changed:" />
      <form className="inline-form" onSubmit={onMinimum} noValidate aria-label="Minimum investment">
        <Field
          label={`New minimum investment (${symbol})`}
          error={minimumError}
          hint="A lower minimum applies at once; a higher one waits the timelock's delay in Pending changes."
        >
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              placeholder="100"
              value={minimum}
              onChange={(e) => setMinimumText(e.target.value)}
            />
          )}
        </Field>
        <div className="inline-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Set minimum investment
          </button>
        </div>
      </form>
      <TxStatus state={setMinimum.state} />
      <WriteError state={setMinimum.state} what="The minimum investment was not changed:" />
    </section>
  );
}
