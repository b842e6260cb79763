import { createVault, type NewVaultErrors, parseNewVault, toUserMessage } from "@fundament/sdk";
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { Field } from "../../shared/components/Field";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useInvestmentToken } from "../../shared/hooks/useFundQueries";
import styles from "./NewVault.module.css";
import { createdVaultId, NEW_VAULT_HINTS, NEW_VAULT_ROUTE, newVaultPreview } from "./newVault.helpers";

type Fields = { name: string; minimumInvestment: string; lockupDays: string };
const EMPTY: Fields = { name: "", minimumInvestment: "", lockupDays: "" };

/**
 * "+ New vault" beside the vault tabs, and the form it opens below them. Cancel and Escape close the form and give the
 * focus back to the button; a vault created closes it and hands its id to `onCreated` (which selects its tab).
 */
export function NewVault({ onCreated }: { onCreated: (vaultId: number) => void }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const formId = useId();
  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      opener.current?.focus();
    }
  }, [open]);
  const close = (created: number | null) => {
    returnFocus.current = created === null;
    setOpen(false);
    if (created !== null) onCreated(created);
  };
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={`button button--secondary ${styles.opener}`}
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => (open ? close(null) : setOpen(true))}
      >
        <span aria-hidden="true">+ </span>New vault
      </button>
      {open && <NewVaultForm id={formId} onClose={close} />}
    </>
  );
}

/** One labelled text field of the form, its refusal and its hint tied to it. */
function NewVaultField(props: {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  inputMode?: "decimal" | "numeric";
  placeholder?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <Field label={props.label} error={props.error ?? null} hint={props.hint}>
      {(control) => (
        <input
          {...control}
          ref={props.inputRef}
          className="input"
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          autoComplete="off"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/**
 * The new vault's name, minimum investment (in the token) and lockup (whole days), parsed by the SDK's `parseNewVault`
 * as typed: a preview line says what will be created; on submit a refused field says why before any prompt, then the
 * write's progress (the wallet, then the transaction) and its refusal show here.
 */
function NewVaultForm({ id, onClose }: { id: string; onClose: (created: number | null) => void }) {
  const token = useInvestmentToken();
  const action = useFundAction(createVault);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<NewVaultErrors>({});
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => nameInput.current?.focus(), []);
  const parsed = token.data ? parseNewVault(fields, token.data) : null;
  const pending = action.state.status === "pending";
  const edit = (key: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
    if (action.state.status === "error") action.reset();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parsed || pending) return;
    if ("errors" in parsed) {
      setErrors(parsed.errors);
      return;
    }
    const { name, minimumInvestment, lockupDays } = parsed.vault;
    const created = createdVaultId(await action.run({ name, minimumInvestment, lockupDays }));
    if (created !== null) onClose(created);
  };
  const titleId = `${id}-title`;
  return (
    <form
      id={id}
      className={`card inline-form ${styles.panel}`}
      aria-labelledby={titleId}
      noValidate
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !pending) {
          event.stopPropagation();
          onClose(null);
        }
      }}
    >
      <h3 id={titleId}>New vault</h3>
      {token.isError && (
        <p className="error-text" role="alert">
          {toUserMessage(token.error)}
        </p>
      )}
      <div className={styles.fields}>
        <NewVaultField
          label="Name"
          hint={NEW_VAULT_HINTS.name}
          error={errors.name}
          value={fields.name}
          onChange={edit("name")}
          placeholder="Options desk vault"
          inputRef={nameInput}
        />
        <NewVaultField
          label={`Minimum investment (${token.data?.symbol ?? "token"})`}
          hint={NEW_VAULT_HINTS.minimum}
          error={errors.minimumInvestment}
          value={fields.minimumInvestment}
          onChange={edit("minimumInvestment")}
          inputMode="decimal"
          placeholder="100"
        />
        <NewVaultField
          label="Lockup (days)"
          hint={NEW_VAULT_HINTS.lockup}
          error={errors.lockupDays}
          value={fields.lockupDays}
          onChange={edit("lockupDays")}
          inputMode="numeric"
          placeholder="30"
        />
      </div>
      <NewVaultFooter id={id} parsed={parsed} token={token.data} pending={pending} onCancel={() => onClose(null)} />
      <TxStatus state={action.state} />
      {action.state.status === "error" && (
        <p className="error-text" role="alert" data-testid="new-vault-error">
          The vault was not created: {action.state.message}
        </p>
      )}
    </form>
  );
}

/** The preview of what will be created, how it goes (at once, an admin's), and the form's two buttons. */
function NewVaultFooter(props: {
  id: string;
  parsed: ReturnType<typeof parseNewVault> | null;
  token: { decimals: number; symbol: string } | undefined;
  pending: boolean;
  onCancel: () => void;
}) {
  const { id, parsed, token, pending } = props;
  const previewId = `${id}-preview`;
  return (
    <>
      <p id={previewId} className="notice notice--info" aria-live="polite" data-testid="new-vault-preview">
        {token ? newVaultPreview(parsed && "vault" in parsed ? parsed.vault : null, token) : ""}
      </p>
      <p className={`field__hint ${styles.route}`} data-testid="new-vault-route">
        {NEW_VAULT_ROUTE}
      </p>
      <div className="inline-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={!token || pending}
          aria-busy={pending || undefined}
          aria-describedby={previewId}
        >
          Create vault
        </button>
        <button type="button" className="button button--secondary" disabled={pending} onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
