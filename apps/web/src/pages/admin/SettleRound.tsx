import { type RefObject, useEffect, useRef, useState } from "react";
import { Field } from "../../shared/components/Field";
import { TxStatus } from "../../shared/components/TxStatus";
import { formatTokenAmount, tokenDecimal } from "../../shared/lib/format";
import { AdminConfirmPanel } from "./AdminConfirm";
import { BuiltReportSummary } from "./BuiltReportSummary";
import {
  lossEffect,
  type RoundFeeTerms,
  roundFees,
  settlementEffect,
  settlementFeeLines,
  settlementFeePreview,
  settlementFinality,
} from "./effects.helpers";
import { ManualItemsEditor } from "./ManualItemsEditor";
import styles from "./SettleRound.module.css";
import { challengeWindowText } from "./settlementSafety.helpers";
import { type SettleEndAction, useSettleFlow } from "./useSettleFlow";

export type SettleRoundProps = {
  vaultId: number;
  poolId: bigint;
  round: number;
  principal: bigint;
  /** What was collected from the trading wallets: the total returned (`endLockupPeriod` takes nothing else). */
  collected: bigint;
  token: { decimals: number; symbol: string };
  /** What the round's fees depend on (its rates, shares, start price, the vault's mark, its lockup times). */
  feeTerms: RoundFeeTerms;
  /** The vault's challenge window (seconds): above 0 a settlement is proposed, final once the window has passed. */
  challengeWindow: number;
  end: SettleEndAction;
  /** Another write of the round is under way. */
  disabled: boolean;
  /** Why the round cannot be settled yet (the lockup runs on), or null. */
  endBlocker: string | null;
  /** The admin starts a settlement (the round's other action's result is cleared). */
  onBegin: () => void;
};

/**
 * Ending a locked round: the total returned (what was collected), optional declared items, then "End lockup period"
 * asks the fund's server to build the round's report ("Building the round's report…"). Its refusal, or the server
 * out of reach, is said here and nothing is sent. The built report (total, short hash, its text) shows in the
 * settlement's confirmation; below the principal a second confirmation states the loss; only then is the wallet asked
 * to settle with the report's hash. A failure of that prompt is said here too.
 */
export function SettleRound(props: SettleRoundProps) {
  const { vaultId, poolId, round, principal, collected, token, feeTerms, challengeWindow, end } = props;
  const { disabled, endBlocker } = props;
  const flow = useSettleFlow({ vaultId, poolId, principal, collected, token, end });
  // Cancelling (or sending) brings the form and its End button back: the button then gets the focus again.
  const endButton = useRef<HTMLButtonElement>(null);
  const [refocusEnd, setRefocusEnd] = useState(false);
  useEffect(() => {
    if (refocusEnd && !flow.settling) {
      setRefocusEnd(false);
      endButton.current?.focus();
    }
  }, [refocusEnd, flow.settling]);
  const close = (action: () => void) => () => {
    action();
    setRefocusEnd(true);
  };
  const settling = flow.settling;
  const fees = settling ? roundFees(feeTerms, settling.totalReturned) : null;

  return (
    <div className={styles.settle}>
      {settling?.stage === "confirm" && fees ? (
        <AdminConfirmPanel
          key="settle"
          effect={settlementEffect({
            principal,
            returned: settling.totalReturned,
            round,
            fees,
            token,
          })}
          confirmLabel="Confirm settlement"
          tone="primary"
          onCancel={close(flow.cancel)}
          onConfirm={() => {
            // A loss is never sent from the first confirmation: the second states it on its own.
            if (settling.totalReturned < principal) flow.confirm();
            else close(flow.confirm)();
          }}
        >
          <FeeLines lines={settlementFeeLines(feeTerms, fees, token)} />
          <BuiltReportSummary built={settling.built} totalReturned={settling.totalReturned} token={token} />
          <p>{settlementFinality({ round, challengeWindow })}</p>
        </AdminConfirmPanel>
      ) : settling?.stage === "loss" && fees ? (
        <LossConfirmation
          principal={principal}
          round={round}
          token={token}
          settling={settling}
          managementFee={fees.managementFee}
          challengeWindow={challengeWindow}
          onCancel={close(flow.cancel)}
          onConfirm={close(flow.confirmLoss)}
        />
      ) : (
        <EndRoundForm
          flow={flow}
          token={token}
          collected={collected}
          principal={principal}
          blocked={disabled || Boolean(endBlocker)}
          endBlocker={endBlocker}
          challengeWindow={challengeWindow}
          feePreview={collected > 0n ? settlementFeePreview(roundFees(feeTerms, collected), token) : null}
          endButton={endButton}
          onBegin={props.onBegin}
        />
      )}
      <div aria-live="polite">
        {flow.building && (
          <p className={styles.progress}>
            <span className="spinner" aria-hidden="true" />
            Building the round's report…
          </p>
        )}
      </div>
      {flow.buildError && (
        <div className={`notice notice--error ${styles.failure}`} role="alert" data-testid="report-build-error">
          <p>{flow.buildError}</p>
          <p className={styles.failureNote}>
            Nothing was sent: a round settles only with its report. Try again once the fund's server answers.
          </p>
        </div>
      )}
      <TxStatus state={end.state} />
      {end.state.status === "error" && (
        <p className="error-text" role="alert" data-testid="settle-error">
          The round was not settled: {end.state.message}
        </p>
      )}
    </div>
  );
}

/** The second, deliberate confirmation of a loss (in tokens and per cent), with the report it settles with. */
function LossConfirmation({
  principal,
  round,
  token,
  settling,
  managementFee,
  challengeWindow,
  onCancel,
  onConfirm,
}: {
  principal: bigint;
  round: number;
  token: { decimals: number; symbol: string };
  settling: NonNullable<ReturnType<typeof useSettleFlow>["settling"]>;
  /** What the round is charged even at a loss. */
  managementFee: bigint;
  challengeWindow: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const returned = settling.totalReturned;
  const { question, detail } = lossEffect({ principal, returned, round, token, challengeWindow, managementFee });
  return (
    <AdminConfirmPanel
      key="loss"
      effect={question}
      confirmLabel="Confirm loss and settle"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>{detail}</p>
      {challengeWindow > 0 && <p>{settlementFinality({ round, challengeWindow })}</p>}
      <BuiltReportSummary built={settling.built} totalReturned={returned} token={token} />
    </AdminConfirmPanel>
  );
}

/** The round's total returned (what was collected), the declared items, and "End lockup period". */
function EndRoundForm({
  flow,
  token,
  collected,
  principal,
  blocked,
  endBlocker,
  challengeWindow,
  feePreview,
  endButton,
  onBegin,
}: {
  flow: ReturnType<typeof useSettleFlow>;
  token: { decimals: number; symbol: string };
  collected: bigint;
  principal: bigint;
  /** Another write is under way, or the lockup runs on. */
  blocked: boolean;
  endBlocker: string | null;
  challengeWindow: number;
  /** The fees at the collected total, in words (null: nothing collected yet). */
  feePreview: string | null;
  endButton: RefObject<HTMLButtonElement | null>;
  onBegin: () => void;
}) {
  const amount = (units: bigint) => formatTokenAmount(units, token.decimals, token.symbol);
  return (
    <form
      className="inline-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (flow.begin()) onBegin();
      }}
    >
      <Field
        label={`Total returned (${token.symbol})`}
        hint={`What was collected from the trading wallets so far (${amount(collected)}); collect the rest first. Principal: ${amount(principal)}.`}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            readOnly
            aria-readonly="true"
            value={tokenDecimal(collected, token.decimals)}
          />
        )}
      </Field>
      <ManualItemsEditor
        drafts={flow.drafts}
        onChange={flow.setDrafts}
        problems={flow.problems}
        showProblems={flow.showProblems}
        symbol={token.symbol}
        disabled={flow.building}
      />
      <div className="inline-form__actions">
        <button
          ref={endButton}
          type="submit"
          className="button button--primary"
          disabled={blocked || flow.building}
          aria-busy={flow.building || undefined}
        >
          {flow.building && <span className="spinner" aria-hidden="true" />}
          End lockup period
        </button>
      </div>
      {endBlocker && <p className="muted small">{endBlocker}</p>}
      {feePreview && (
        <p className="field__hint" data-testid="settle-fees-preview">
          {feePreview}
        </p>
      )}
      <p className="field__hint">
        The fund's server first builds the round's report from the chain; the settlement carries its hash.
        {challengeWindow > 0 &&
          ` This vault's settlements are proposed first and wait ${challengeWindowText(challengeWindow)}, open to a veto, before they are final.`}
      </p>
    </form>
  );
}

/** The lines that explain a settlement's fees, in its confirmation. */
function FeeLines({ lines }: { lines: readonly string[] }) {
  return (
    <ul className={styles.feeLines} aria-label="The fund's fees" data-testid="settle-fees">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
