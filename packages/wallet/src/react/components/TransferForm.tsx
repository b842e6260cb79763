import { type FormEvent, type ReactNode, useId } from "react";
import { formatNumeric } from "../../core/format.js";

/** A form field a transfer's problem belongs to (`aria-invalid` on it). */
export type TransferField = "amount" | "receiver" | "token" | "gasPrice" | "chain" | undefined;

/** What is wrong with a transfer, in the spec's words; `hint` says what to do about it. */
export type TransferError = { message: string; field: TransferField; hint?: string | undefined };

export type TransferFormProps = {
  /** The form's accessible name (none: the view's title names it). */
  label?: string | undefined;
  onSubmit(event: FormEvent): void;
  /** Above the amount: the sending account, the token. */
  children?: ReactNode;
  amount: { label: string; value: string; onChange(value: string): void };
  receiver: {
    value: string;
    placeholder: string;
    onChange(value: string): void;
    onBlur?: (() => void) | undefined;
    /** Under the field (e.g. the address a typed name resolves to). */
    below?: ReactNode;
  };
  error: TransferError | undefined;
  busy: boolean;
  /** After the Send button (e.g. Cancel). */
  actions?: ReactNode;
};

/**
 * The transfer form of every chain family: amount and receiver, Send, then what is wrong. The error (and its hint)
 * stands below the buttons, so a message that comes or goes never moves a button from under the pointer; the fields
 * it is about are marked invalid and described by it. What is checked, and how the send goes, is the family view's.
 */
export function TransferForm(p: TransferFormProps) {
  const ids = { amount: useId(), receiver: useId(), error: useId(), hint: useId() };
  const { error } = p;
  const invalid = (field: TransferField) => (error && error.field === field ? true : undefined);
  const describedBy = error ? (error.hint ? `${ids.error} ${ids.hint}` : ids.error) : undefined;
  return (
    <form className="fw-stack" onSubmit={p.onSubmit} noValidate aria-label={p.label}>
      {p.children}
      <div className="fw-field">
        <label htmlFor={ids.amount}>{p.amount.label}</label>
        <input
          id={ids.amount}
          className="fw-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={p.amount.value}
          aria-invalid={invalid("amount")}
          aria-describedby={describedBy}
          onChange={(e) => p.amount.onChange(e.target.value)}
        />
      </div>
      <div className="fw-field">
        <label htmlFor={ids.receiver}>To</label>
        <input
          id={ids.receiver}
          className="fw-input"
          autoComplete="off"
          spellCheck={false}
          placeholder={p.receiver.placeholder}
          value={p.receiver.value}
          aria-invalid={invalid("receiver")}
          aria-describedby={describedBy}
          onChange={(e) => p.receiver.onChange(e.target.value)}
          onBlur={p.receiver.onBlur}
        />
        {p.receiver.below}
      </div>
      <button type="submit" className="fw-button" disabled={p.busy}>
        {p.busy ? "Sending…" : "Send"}
      </button>
      {p.actions}
      {error ? (
        <p id={ids.error} className="fw-error" role="alert">
          {error.message}
        </p>
      ) : null}
      {error?.hint ? (
        <p id={ids.hint} className="fw-muted">
          {error.hint}
        </p>
      ) : null}
    </form>
  );
}

/** The token to send: the native coin (key `native`) or a token by its address, with the balance of each. */
export function TokenSelect(p: {
  tokens: readonly { symbol: string; address?: string | undefined; quantity: { numeric: string } }[];
  value: string;
  onChange(key: string): void;
  loading: boolean;
}) {
  const id = useId();
  return (
    <div className="fw-field">
      <label htmlFor={id}>Token</label>
      <select
        id={id}
        className="fw-select"
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        disabled={p.tokens.length === 0}
      >
        {p.tokens.length === 0 ? <option value="">{p.loading ? "Loading…" : "No tokens"}</option> : null}
        {p.tokens.map((t) => (
          <option key={t.address ?? "native"} value={t.address ?? "native"}>
            {t.symbol} — {formatNumeric(t.quantity.numeric)}
          </option>
        ))}
      </select>
    </div>
  );
}
