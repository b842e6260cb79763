import { type ReactNode, useId, useState } from "react";

export type ConfirmActionProps = {
  /** The button that asks for confirmation ("Withdraw"). */
  label: string;
  /** What will happen, shown before the person confirms. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  busy?: boolean;
  tone?: "primary" | "danger";
};

/** A button that first shows what will happen and asks to confirm (no modal: nothing to trap focus in). */
export function ConfirmAction({
  label,
  children,
  confirmLabel,
  onConfirm,
  disabled,
  busy,
  tone = "primary",
}: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const id = useId();
  if (!asking) {
    return (
      <button
        type="button"
        className={`button button--${tone}`}
        disabled={disabled || busy}
        aria-busy={busy}
        onClick={() => setAsking(true)}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {label}
      </button>
    );
  }
  return (
    <fieldset className="confirm" aria-labelledby={id}>
      <div id={id} className="confirm__text">
        {children}
      </div>
      <div className="confirm__actions">
        <button
          type="button"
          className={`button button--${tone}`}
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
