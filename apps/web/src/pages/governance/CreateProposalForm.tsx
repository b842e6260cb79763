import { createProposal } from "@fundament/sdk";
import { type FormEvent, useId, useState } from "react";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { type PeriodUnit, validateProposal, votingWindow } from "./governance.helpers";

/**
 * Create a proposal: description and voting period (for investors with voting power). `onCreated` runs after a
 * success, once the chain reads are refreshed (the page moves focus to the new proposal).
 */
export function CreateProposalForm({ onCreated }: { onCreated?: () => void }) {
  const action = useFundAction(createProposal, { sender: "investor" });
  const [description, setDescription] = useState("");
  const [period, setPeriod] = useState("7");
  const [unit, setUnit] = useState<PeriodUnit>("days");
  const [error, setError] = useState<string | null>(null);
  const ids = { description: useId(), period: useId(), unit: useId(), error: useId() };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateProposal(description, period, unit);
    setError(problem);
    if (problem) return;
    const result = await action.run({ description, ...votingWindow(period, unit) });
    if (result.success) {
      setDescription("");
      onCreated?.();
    }
  };

  const busy = action.state.status === "pending";
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
          aria-invalid={Boolean(error)}
          aria-describedby={error ? ids.error : undefined}
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
      {error && (
        <p id={ids.error} className="error-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        Create proposal
      </button>
      <TxStatus state={action.state} />
    </form>
  );
}
