import { createProposal, proposeActions } from "@fundament/sdk";
import { type FormEvent, useId, useState } from "react";
import { TxStatus } from "../../shared/components/TxStatus";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundAction } from "../../shared/hooks/useFundAction";
import {
  type ActionField,
  type ActionInput,
  buildProposalAction,
  NO_ACTION,
  type PeriodUnit,
  validateProposal,
  votingWindow,
} from "./governance.helpers";
import { type ActionVault, ProposalActionFields } from "./ProposalActionFields";

/** Where the last submit's problem is: the description or period (the proposal), or one of the action's fields. */
type FormError = { message: string; field: "proposal" | ActionField };

/**
 * Create a proposal: description, voting period and an optional on-chain action (for investors with voting power). A
 * proposal with an action is sent with `propose` (its call runs through the timelock once it has passed), one without
 * as a signal (`createProposal`). `onCreated` runs after a success, once the chain reads are refreshed (the page moves
 * focus to the new proposal).
 */
export function CreateProposalForm({
  onCreated,
  vaults = [],
  token,
}: {
  onCreated?: () => void;
  /** The vaults an action may change. */
  vaults?: readonly ActionVault[];
  /** The investment token (amounts of a minimum investment). */
  token?: { decimals: number; symbol: string } | undefined;
}) {
  const { deployment } = useAppConfig();
  const signal = useFundAction(createProposal, { sender: "investor" });
  const withActions = useFundAction(proposeActions, { sender: "investor" });
  const [description, setDescription] = useState("");
  const [period, setPeriod] = useState("7");
  const [unit, setUnit] = useState<PeriodUnit>("days");
  const [action, setAction] = useState<ActionInput>(NO_ACTION);
  const [error, setError] = useState<FormError | null>(null);
  const ids = { description: useId(), period: useId(), unit: useId(), error: useId() };
  const built = token
    ? buildProposalAction(action, { deployment, ...token })
    : action.kind === "none"
      ? { action: null }
      : { error: "The investment token is still loading; try again in a moment.", field: "value" as const };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateProposal(description, period, unit);
    const next: FormError | null = problem
      ? { message: problem, field: "proposal" }
      : "error" in built
        ? { message: built.error, field: built.field }
        : null;
    setError(next);
    if (next || "error" in built) return;
    const timeFrame = votingWindow(period, unit);
    const result = built.action
      ? await withActions.run({ description, ...timeFrame, actions: [built.action] })
      : await signal.run({ description, ...timeFrame });
    if (result.success) {
      setDescription("");
      setAction(NO_ACTION);
      onCreated?.();
    }
  };

  const busy = signal.state.status === "pending" || withActions.state.status === "pending";
  const proposalInvalid = error?.field === "proposal";
  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-labelledby="create-proposal-title">
      <h2 id="create-proposal-title">Create a proposal</h2>
      <div className="field">
        <label htmlFor={ids.description}>Description</label>
        <textarea
          id={ids.description}
          className="input"
          rows={4}
          value={description}
          maxLength={2000}
          placeholder="What should the fund do, and why?"
          aria-invalid={proposalInvalid}
          aria-describedby={proposalInvalid ? ids.error : undefined}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.period}>Voting period</label>
        <div className="input-group">
          <input
            id={ids.period}
            className="input"
            inputMode="numeric"
            value={period}
            onChange={(e) => setPeriod(e.target.value)}
          />
          <label htmlFor={ids.unit} className="visually-hidden">
            Voting period unit
          </label>
          <select
            id={ids.unit}
            className="input select"
            value={unit}
            onChange={(e) => setUnit(e.target.value as PeriodUnit)}
          >
            <option value="hours">hours</option>
            <option value="days">days</option>
          </select>
        </div>
        <p className="field__hint">Voting starts now and lasts between 1 hour and 90 days.</p>
      </div>
      <ProposalActionFields
        value={action}
        onChange={setAction}
        built={built}
        vaults={vaults}
        token={token}
        error={
          error && error.field !== "proposal" ? { message: error.message, field: error.field, id: ids.error } : null
        }
      />
      {error && (
        <p id={ids.error} className="error-text" role="alert">
          {error.message}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        Create proposal
      </button>
      <TxStatus state={signal.state} />
      <TxStatus state={withActions.state} />
    </form>
  );
}
