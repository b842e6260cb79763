import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { AddressInput } from "../../shared/components/AddressInput";
import { Field } from "../../shared/components/Field";
import { AdminConfirmPanel } from "./AdminConfirm";
import { addressError } from "./admin.helpers";

/** What an action's admin confirmation says for a valid address (see `AdminConfirmPanel`). */
export type AddressFormConfirmation = { effect: string; detail?: ReactNode; confirmLabel: string };

export type AddressFormAction = {
  label: string;
  /** Sends the write; its result's message shows under the buttons when it did not go through. */
  onSubmit: (address: string) => Promise<{ success: boolean; message?: string }>;
  tone?: "primary" | "secondary" | "danger";
  /** Why this action makes no sense for a valid address (e.g. already whitelisted); shown before any prompt. */
  check?: (address: string) => string | null;
  /** Asks the admin confirmation first (named after the address and what follows); nothing is sent before it. */
  confirm?: (address: string) => AddressFormConfirmation;
  /** What did not happen, before a refusal's message: "The admin role was not granted:". */
  failed?: string;
};

/**
 * An address input with one or more actions (e.g. whitelist / remove); validates before any wallet prompt, asks the
 * action's confirmation when it has one, and shows a refused write under its buttons (the toast says it too).
 */
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
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ action: AddressFormAction; address: string } | null>(null);
  // The action whose confirmation closed: its button gets the focus back once it is shown again.
  const [refocus, setRefocus] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (asking || refocus === null) return;
    form.current?.querySelector<HTMLButtonElement>(`button[data-action="${CSS.escape(refocus)}"]`)?.focus();
    setRefocus(null);
  }, [asking, refocus]);

  const send = async (action: AddressFormAction, address: string) => {
    const result = await action.onSubmit(address);
    if (result?.success) setValue("");
    else if (result?.message) setFailure(action.failed ? `${action.failed} ${result.message}` : result.message);
  };

  const submit = async (action: AddressFormAction, event?: FormEvent) => {
    event?.preventDefault();
    const problem = addressError(value) ?? action.check?.(value.trim()) ?? null;
    setError(problem);
    setFailure(null);
    if (problem) return;
    if (action.confirm) {
      setAsking({ action, address: value.trim() });
      return;
    }
    await send(action, value.trim());
  };

  const [first, ...rest] = actions;
  const confirmation = asking?.action.confirm?.(asking.address);
  return (
    <form ref={form} className="inline-form" noValidate onSubmit={(e) => first && void submit(first, e)}>
      <Field label={label} error={error} hint={hint}>
        {(control) => (
          <AddressInput
            {...control}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
              setFailure(null);
              setAsking(null);
            }}
          />
        )}
      </Field>
      {asking && confirmation ? (
        <AdminConfirmPanel
          effect={confirmation.effect}
          confirmLabel={confirmation.confirmLabel}
          tone="primary"
          onCancel={() => {
            setRefocus(asking.action.label);
            setAsking(null);
          }}
          onConfirm={() => {
            setRefocus(asking.action.label);
            setAsking(null);
            void send(asking.action, asking.address);
          }}
        >
          {confirmation.detail}
        </AdminConfirmPanel>
      ) : (
        <div className="inline-form__actions">
          {first && (
            <button
              type="submit"
              className={`button button--${first.tone ?? "primary"}`}
              disabled={busy}
              data-action={first.label}
            >
              {first.label}
            </button>
          )}
          {rest.map((action) => (
            <button
              key={action.label}
              type="button"
              className={`button button--${action.tone ?? "secondary"}`}
              disabled={busy}
              data-action={action.label}
              onClick={() => void submit(action)}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
