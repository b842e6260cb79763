import { type ReactNode, useEffect, useId, useRef, useState } from "react";

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

/**
 * A button that first shows what will happen and asks to confirm (inline, no modal: nothing to trap focus in).
 * Opening it moves focus to Cancel (the safe choice); Confirm, Cancel and Escape close it and put focus back on the
 * button that opened it, which stays focusable while the action runs (`aria-disabled`, not `disabled`).
 */
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
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // Focus follows the question: into it when it opens, back to its button when it closes.
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button
        ref={opener}
        type="button"
        className={`button button--${tone}`}
        disabled={disabled}
        aria-disabled={busy || undefined}
        aria-busy={busy}
        onClick={() => {
          if (!busy) setAsking(true);
        }}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {label}
      </button>
    );
  }
  return (
    <fieldset
      className="confirm"
      aria-labelledby={id}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          setAsking(false);
        }
      }}
    >
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
        <button ref={cancel} type="button" className="button button--secondary" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
