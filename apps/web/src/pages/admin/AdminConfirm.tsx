import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import styles from "./AdminConfirm.module.css";

export type AdminConfirmPanelProps = {
  /** The effect, in tokens, as one sentence: "Send 16,572.64 mUSDC to 1 trading wallet and lock round 3 for 30 days." */
  effect: string;
  /** What follows from it (consequences, what cannot be undone). */
  children?: ReactNode;
  /** The confirming button, named after the action: "Confirm start of lockup". */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  tone?: "primary" | "danger";
};

/**
 * The one way every irreversible admin action asks: a panel (a group named by its effect in tokens) that leads with
 * the effect, then what follows, a confirming button named after the action and Cancel. As the app's other
 * confirmations do, opening it moves the focus to Cancel (the safe choice; a screen reader announces the group's
 * name, the effect) and Escape cancels. No transaction is prompted before the confirming click.
 */
export function AdminConfirmPanel({
  effect,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  tone = "danger",
}: AdminConfirmPanelProps) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <fieldset
      className={`confirm ${styles.confirm}${tone === "danger" ? ` ${styles.danger}` : ""}`}
      aria-labelledby={`${id}-effect`}
      aria-describedby={children ? `${id}-detail` : undefined}
      data-testid="admin-confirm"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <div className="confirm__text">
        {/* `admin-confirm__effect`: an unstyled class the e2e journey (admin-safety) finds the effect by. */}
        <p id={`${id}-effect`} className={`${styles.effect} admin-confirm__effect`}>
          <strong>{effect}</strong>
        </p>
        {children && (
          <div id={`${id}-detail`} className={styles.detail}>
            {children}
          </div>
        )}
      </div>
      <div className="confirm__actions">
        <button type="button" className={`button button--${tone}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={cancel} type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

/** Puts the focus back on the control that opened a confirmation once it closes without confirming. */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    /** Call with the opening event's target (or element) when the confirmation opens. */
    remember: (element: EventTarget | null) => {
      opener.current = element instanceof HTMLElement ? element : null;
    },
    /** Call when the confirmation closes (confirmed or cancelled): the opener gets the focus back once rendered. */
    restore: () => {
      const element = opener.current;
      queueMicrotask(() => element?.isConnected && element.focus());
    },
  };
}

export type AdminConfirmActionProps = Omit<AdminConfirmPanelProps, "onCancel"> & {
  /** The button that asks: "Start lockup period". */
  label: string;
  /** An accessible name for the button when its label needs context (a row's "Remove"). */
  ariaLabel?: string;
  disabled?: boolean;
  busy?: boolean;
  small?: boolean;
};

/**
 * A button that opens the admin confirmation in place of itself; Confirm, Cancel and Escape bring the button (and the
 * focus) back.
 */
export function AdminConfirmAction({
  label,
  ariaLabel,
  disabled,
  busy,
  small,
  onConfirm,
  tone = "danger",
  ...panel
}: AdminConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (!asking && returnFocus.current) {
      returnFocus.current = false;
      trigger.current?.focus();
    }
  }, [asking]);
  if (asking) {
    return (
      <AdminConfirmPanel
        {...panel}
        tone={tone}
        onConfirm={() => {
          returnFocus.current = true;
          setAsking(false);
          onConfirm();
        }}
        onCancel={() => {
          returnFocus.current = true;
          setAsking(false);
        }}
      />
    );
  }
  return (
    <button
      ref={trigger}
      type="button"
      className={`button button--${tone === "danger" ? "danger" : "primary"}${small ? " button--small" : ""}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      aria-label={ariaLabel}
      onClick={() => setAsking(true)}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {label}
    </button>
  );
}
