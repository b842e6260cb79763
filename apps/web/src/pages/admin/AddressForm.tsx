import { type FormEvent, useState } from "react";
import { AddressInput } from "../../shared/components/AddressInput";
import { Field } from "../../shared/components/Field";
import { addressError } from "./admin.helpers";

export type AddressFormAction = {
  label: string;
  onSubmit: (address: string) => Promise<{ success: boolean }>;
  tone?: "primary" | "secondary" | "danger";
  /** Why this action makes no sense for a valid address (e.g. already whitelisted); shown before any prompt. */
  check?: (address: string) => string | null;
};

/** An address input with one or more actions (e.g. whitelist / remove); validates before any wallet prompt. */
export function AddressForm({
  label,
  actions,
  busy,
  hint,
}: {
  label: string;
  actions: AddressFormAction[];
  busy: boolean;
  hint?: string;
}) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (action: AddressFormAction, event?: FormEvent) => {
    event?.preventDefault();
    const problem = addressError(value) ?? action.check?.(value.trim()) ?? null;
    setError(problem);
    if (problem) return;
    const result = await action.onSubmit(value.trim());
    if (result?.success) setValue("");
  };

  const [first, ...rest] = actions;
  return (
    <form className="inline-form" noValidate onSubmit={(e) => first && void submit(first, e)}>
      <Field label={label} error={error} hint={hint}>
        {(control) => (
          <AddressInput
            {...control}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <div className="inline-form__actions">
        {first && (
          <button type="submit" className={`button button--${first.tone ?? "primary"}`} disabled={busy}>
            {first.label}
          </button>
        )}
        {rest.map((action) => (
          <button
            key={action.label}
            type="button"
            className={`button button--${action.tone ?? "secondary"}`}
            disabled={busy}
            onClick={() => void submit(action)}
          >
            {action.label}
          </button>
        ))}
      </div>
    </form>
  );
}
