import { setChallengeWindow, setSettlementBounds, toUserMessage } from "@fundament/sdk";
import { type FormEvent, useState } from "react";
import { Field } from "../../shared/components/Field";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useVaultSettings } from "../../shared/hooks/useFundQueries";
import {
  challengeWindowText,
  parsePercentBps,
  parseWindowHours,
  settlementBoundsText,
} from "./settlementSafety.helpers";
import { WriteError } from "./WriteError";

/**
 * What protects a vault's settlements: how long a proposal waits, open to a guardian's veto (its challenge window), and
 * the bounds beyond which it also needs the guardian's co-signature. Both changes wait the timelock's delay in
 * Pending changes, so investors see them coming.
 */
export function SettlementSafetySettings({ vaultId }: { vaultId: number }) {
  const vault = useVaultSettings(vaultId);
  const titleId = `settlement-safety-${vaultId}-title`;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h3 id={titleId}>Settlement safety</h3>
      {vault.isError ? (
        <p className="error-text" role="alert">
          {toUserMessage(vault.error)}
        </p>
      ) : !vault.data ? (
        <Skeleton height="6rem" />
      ) : (
        <>
          <dl className="kv">
            <div>
              <dt>Challenge window</dt>
              <dd data-testid="vault-challenge-window">{challengeWindowText(vault.data.challengeWindow)}</dd>
            </div>
            <div>
              <dt>Bounds</dt>
              <dd data-testid="vault-settlement-bounds">{settlementBoundsText(vault.data.settlementBounds)}</dd>
            </div>
          </dl>
          <ChallengeWindowForm vaultId={vaultId} />
          <BoundsForm vaultId={vaultId} />
        </>
      )}
    </section>
  );
}

function ChallengeWindowForm({ vaultId }: { vaultId: number }) {
  const action = useFundAction(setChallengeWindow);
  const [hours, setHours] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWindowHours(hours);
    setError("error" in parsed ? parsed.error : null);
    if ("error" in parsed) return;
    const result = await action.run({ vaultId, seconds: parsed.seconds });
    if (result.success) setHours("");
  };
  return (
    <>
      <form className="inline-form" onSubmit={onSubmit} noValidate aria-label="Challenge window">
        <Field
          label="New challenge window (hours)"
          error={error}
          hint="How long a proposed settlement waits, open to a guardian's veto, before anyone can make it final. A proposal already waiting keeps its time. The change waits the timelock's delay in Pending changes."
        >
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              placeholder="24"
              value={hours}
              onChange={(e) => setHours(e.target.value)}
            />
          )}
        </Field>
        <div className="inline-form__actions">
          <button type="submit" className="button button--primary" disabled={action.state.status === "pending"}>
            Set challenge window
          </button>
        </div>
      </form>
      <TxStatus state={action.state} />
      <WriteError state={action.state} what="The challenge window was not changed:" />
    </>
  );
}

function BoundsForm({ vaultId }: { vaultId: number }) {
  const action = useFundAction(setSettlementBounds);
  const [loss, setLoss] = useState("");
  const [gain, setGain] = useState("");
  const [errors, setErrors] = useState<{ loss?: string; gain?: string }>({});
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const maxLossBps = parsePercentBps(loss, 10_000);
    const maxGainBps = gain.trim() === "" ? null : parsePercentBps(gain, 65_534);
    const next = {
      ...(maxLossBps === null ? { loss: "Enter the largest loss as a percent from 0 to 100, e.g. 20." } : {}),
      ...(gain.trim() !== "" && maxGainBps === null
        ? { gain: "Enter the largest gain as a percent up to 655, e.g. 15, or leave it empty for no bound." }
        : {}),
    };
    setErrors(next);
    if (maxLossBps === null || next.gain) return;
    const result = await action.run({ vaultId, maxLossBps, maxGainBps });
    if (result.success) {
      setLoss("");
      setGain("");
    }
  };
  return (
    <>
      <form className="inline-form" onSubmit={onSubmit} noValidate aria-label="Settlement bounds">
        <Field label="Largest loss per round (%)" error={errors.loss ?? null}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              placeholder="20"
              value={loss}
              onChange={(e) => setLoss(e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Largest gain per round (%)"
          error={errors.gain ?? null}
          hint="A proposed result beyond these needs the guardian's co-signature. Empty gain: no bound. The change waits the timelock's delay in Pending changes."
        >
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              placeholder="15"
              value={gain}
              onChange={(e) => setGain(e.target.value)}
            />
          )}
        </Field>
        <div className="inline-form__actions">
          <button type="submit" className="button button--primary" disabled={action.state.status === "pending"}>
            Set bounds
          </button>
        </div>
      </form>
      <TxStatus state={action.state} />
      <WriteError state={action.state} what="The bounds were not changed:" />
    </>
  );
}
