import { setCaps, setFees, toUserMessage, type VaultCaps, type VaultFees } from "@fundament/sdk";
import { type FormEvent, useState } from "react";
import { Field } from "../../shared/components/Field";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { type TxState, useFundAction } from "../../shared/hooks/useFundAction";
import { useInvestmentToken, useVaultSettings } from "../../shared/hooks/useFundQueries";
import {
  bpsInput,
  type CapInputErrors,
  capChangeRoute,
  capChangeText,
  capInput,
  type FeeInputErrors,
  feeChangeRoute,
  feeChangeText,
  feesAndCapsTerms,
  parseCapInputs,
  parseFeeInputs,
} from "./feesAndCaps.helpers";
import { WriteError } from "./WriteError";

type Token = { decimals: number; symbol: string };

/**
 * What a vault charges and how much it takes: its management and performance fees (over its high-water mark) and its
 * caps on a round and on one investor. Each form says before it is sent whether the change applies at once (a cut;
 * adding or lowering a cap) or waits the timelock's delay in Pending changes (a raise; raising or removing a cap): the
 * SDK's writes schedule the latter in the timelock themselves.
 */
export function FeesAndCapsSettings({ vaultId }: { vaultId: number }) {
  const vault = useVaultSettings(vaultId);
  const token = useInvestmentToken();
  const titleId = `fees-caps-${vaultId}-title`;
  const error = vault.error ?? token.error;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h3 id={titleId}>Fees and caps</h3>
      {error ? (
        <p className="error-text" role="alert">
          {toUserMessage(error)}
        </p>
      ) : !vault.data || !token.data ? (
        <Skeleton height="8rem" />
      ) : (
        <>
          <dl className="kv" data-testid="vault-fees-and-caps">
            {feesAndCapsTerms(
              { fees: vault.data.fees, caps: vault.data.caps, startSharePrice: vault.data.currentPool.startSharePrice },
              token.data,
            ).map((term) => (
              <div key={term.label}>
                <dt>{term.label}</dt>
                <dd>
                  {term.value}
                  {term.note && <div className="field__hint">{term.note}</div>}
                </dd>
              </div>
            ))}
          </dl>
          <FeesForm vaultId={vaultId} current={vault.data.fees} />
          <CapsForm vaultId={vaultId} current={vault.data.caps} token={token.data} />
        </>
      )}
    </section>
  );
}

/**
 * The end of a fees or caps form: where the change goes (at once, or the timelock; a warning for the latter), the
 * form's own refusal, the submit button (described by the route) and the write's refusal.
 */
function ChangeFormFooter(props: {
  routeId: string;
  routeTestId: string;
  waits: boolean;
  routeText: string;
  formError: string | null;
  submitLabel: string;
  state: TxState;
  failed: string;
  errorTestId: string;
}) {
  const { routeId, state } = props;
  return (
    <>
      <p
        id={routeId}
        className={`notice ${props.waits ? "notice--warning" : "notice--info"}`}
        aria-live="polite"
        data-testid={props.routeTestId}
      >
        {props.routeText}
      </p>
      {props.formError && (
        <p className="error-text" role="alert">
          {props.formError}
        </p>
      )}
      <div className="inline-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={state.status === "pending"}
          aria-describedby={routeId}
        >
          {props.submitLabel}
        </button>
      </div>
      <WriteError state={state} what={props.failed} testId={props.errorTestId} />
    </>
  );
}

function FeesForm({ vaultId, current }: { vaultId: number; current: VaultFees }) {
  const action = useFundAction(setFees);
  const routeId = `fees-route-${vaultId}`;
  const [management, setManagement] = useState(() => bpsInput(current.managementFeeBps));
  const [performance, setPerformance] = useState(() => bpsInput(current.performanceFeeBps));
  const [errors, setErrors] = useState<FeeInputErrors & { form?: string }>({});
  const parsed = parseFeeInputs(management, performance);
  const route = "rates" in parsed ? feeChangeRoute(current, parsed.rates) : null;
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors({});
    if (action.state.status === "error") action.reset();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if ("errors" in parsed) {
      setErrors(parsed.errors);
      return;
    }
    if (route === "unchanged") {
      setErrors({ form: feeChangeText("unchanged") });
      return;
    }
    await action.run({ vaultId, ...parsed.rates });
  };
  return (
    <>
      <form className="inline-form" onSubmit={onSubmit} noValidate aria-label="Fees">
        <Field label="Management fee (% a year)" error={errors.management ?? null}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              value={management}
              onChange={(e) => edit(setManagement)(e.target.value)}
            />
          )}
        </Field>
        <Field label="Performance fee (% of profit above the high-water mark)" error={errors.performance ?? null}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              value={performance}
              onChange={(e) => edit(setPerformance)(e.target.value)}
            />
          )}
        </Field>
        <ChangeFormFooter
          routeId={routeId}
          routeTestId="fees-change-route"
          waits={route === "timelock"}
          routeText={feeChangeText(route === "unchanged" ? null : route)}
          formError={errors.form ?? null}
          submitLabel="Set fees"
          state={action.state}
          failed="The fees were not changed:"
          errorTestId="fees-error"
        />
      </form>
      <TxStatus state={action.state} />
    </>
  );
}

function CapsForm({ vaultId, current, token }: { vaultId: number; current: VaultCaps; token: Token }) {
  const action = useFundAction(setCaps);
  const routeId = `caps-route-${vaultId}`;
  const [depositCap, setDepositCap] = useState(() => capInput(current.depositCap, token.decimals));
  const [investorCap, setInvestorCap] = useState(() => capInput(current.investorCap, token.decimals));
  const [errors, setErrors] = useState<CapInputErrors & { form?: string }>({});
  const parsed = parseCapInputs(depositCap, investorCap, token);
  const route = "caps" in parsed ? capChangeRoute(current, parsed.caps) : null;
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors({});
    if (action.state.status === "error") action.reset();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if ("errors" in parsed) {
      setErrors(parsed.errors);
      return;
    }
    if (route === "unchanged") {
      setErrors({ form: capChangeText("unchanged") });
      return;
    }
    await action.run({ vaultId, ...parsed.caps });
  };
  return (
    <>
      <form className="inline-form" onSubmit={onSubmit} noValidate aria-label="Caps">
        <Field label={`Round cap (${token.symbol})`} error={errors.depositCap ?? null}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              placeholder="None"
              value={depositCap}
              onChange={(e) => edit(setDepositCap)(e.target.value)}
            />
          )}
        </Field>
        <Field label={`Per-investor cap (${token.symbol})`} error={errors.investorCap ?? null}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              placeholder="None"
              value={investorCap}
              onChange={(e) => edit(setInvestorCap)(e.target.value)}
            />
          )}
        </Field>
        <ChangeFormFooter
          routeId={routeId}
          routeTestId="caps-change-route"
          waits={route === "timelock"}
          routeText={capChangeText(route === "unchanged" ? null : route)}
          formError={errors.form ?? null}
          submitLabel="Set caps"
          state={action.state}
          failed="The caps were not changed:"
          errorTestId="caps-error"
        />
      </form>
      <TxStatus state={action.state} />
    </>
  );
}
