import { parseSponsorBudget, setSponsorBudget, toUserMessage } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { formatEther } from "viem";
import { Field } from "../../shared/components/Field";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { sponsorshipQuery } from "./admin.queries";
import { WriteError } from "./WriteError";

/**
 * Gas sponsorship: the fund paymaster's budget per account (the most gas, in ETH, it pays for each whitelisted
 * investor's smart account) and a form to set it (fund admins). Shown only when the deployment has a paymaster.
 */
export function GasSponsorshipSection() {
  const { deployment } = useAppConfig();
  if (!deployment.fundPaymaster) return null;
  return <GasSponsorshipForm />;
}

function GasSponsorshipForm() {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const sponsorship = useQuery(sponsorshipQuery(client, deployment));
  const setBudget = useFundAction(setSponsorBudget);
  const [budget, setBudgetText] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    let wei: bigint;
    try {
      wei = parseSponsorBudget(budget);
    } catch (problem) {
      setError(toUserMessage(problem));
      return;
    }
    setError(null);
    const result = await setBudget.run({ budget: wei });
    if (result.success) setBudgetText("");
  };

  return (
    <section className="card" aria-labelledby="sponsorship-title">
      <h2 id="sponsorship-title">Gas sponsorship</h2>
      {sponsorship.isError ? (
        <p className="error-text" role="alert">
          {toUserMessage(sponsorship.error)}
        </p>
      ) : !sponsorship.data ? (
        <Skeleton height="4rem" />
      ) : (
        <dl className="kv">
          <div>
            <dt>Paymaster</dt>
            <dd className="mono">{sponsorship.data.paymaster}</dd>
          </div>
          <div>
            <dt>Budget per account</dt>
            <dd data-testid="sponsor-budget">{formatEther(sponsorship.data.sponsorBudget)} ETH</dd>
          </div>
        </dl>
      )}
      <form className="inline-form" onSubmit={onSubmit} noValidate aria-label="Gas sponsorship budget">
        <Field
          label="New budget per account (ETH)"
          error={error}
          hint="The most gas the fund pays for each whitelisted investor's smart account; 0 sponsors nothing."
        >
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              placeholder="0.01"
              value={budget}
              onChange={(e) => {
                setBudgetText(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <div className="inline-form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={setBudget.state.status === "pending"}
            aria-busy={setBudget.state.status === "pending"}
          >
            Set sponsor budget
          </button>
        </div>
      </form>
      <TxStatus state={setBudget.state} />
      <WriteError state={setBudget.state} what="The budget was not changed:" />
    </section>
  );
}
