import type { TradingWallet } from "@fundament/sdk";
import { useEffect, useId, useRef, useState } from "react";
import { shortenAddress } from "../../shared/lib/format";
import styles from "./AllocationCell.module.css";
import { allocationInput, bpsToPercent, parseAllocationPercent } from "./admin.helpers";

export type AllocationCellProps = {
  wallet: TradingWallet;
  /** The vault's other wallets' allocations, in basis points: the new one may bring the total to 100% at most. */
  othersBps: number;
  /** A write is under way or the round is locked: nothing can be edited now. */
  disabled: boolean;
  /** Sends the change (basis points); resolves with why it did not go through, or null once it did. */
  onSave: (bps: number) => Promise<string | null>;
};

/**
 * A trading wallet's allocation in its row, edited in place: Edit turns it into a percent field; Enter (or Save)
 * sends the change, Escape (or Cancel) puts the value back and the focus on Edit. A refused value, or a refused
 * write, shows under the field.
 */
export function AllocationCell({ wallet, othersBps, disabled, onSave }: AllocationCellProps) {
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const errorId = useId();
  const name = `${wallet.walletType} (${shortenAddress(wallet.walletAddress)})`;
  const editing = value !== null;

  useEffect(() => {
    if (editing) input.current?.select();
    else if (refocus.current) {
      refocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    refocus.current = true;
    setValue(null);
    setError(null);
  };
  const save = async () => {
    if (value === null || saving) return;
    const parsed = parseAllocationPercent(value, othersBps);
    if ("error" in parsed) return setError(parsed.error);
    if (parsed.bps === Number(wallet.allocation)) return close();
    setError(null);
    setSaving(true);
    const problem = await onSave(parsed.bps);
    setSaving(false);
    if (problem) setError(problem);
    else setValue(null);
  };

  if (!editing) {
    return (
      <span className={styles.view}>
        {bpsToPercent(wallet.allocation)}
        <button
          ref={editButton}
          type="button"
          className="button button--secondary button--small"
          disabled={disabled}
          aria-label={`Edit allocation of ${name}`}
          onClick={() => setValue(allocationInput(wallet.allocation))}
        >
          Edit
        </button>
      </span>
    );
  }
  return (
    <div className={styles.edit}>
      <span className={styles.row}>
        <input
          ref={input}
          className={`input ${styles.input}`}
          inputMode="decimal"
          aria-label={`Allocation of ${name} (%)`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          value={value}
          disabled={saving}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void save();
            } else if (event.key === "Escape") {
              event.preventDefault();
              event.stopPropagation();
              close();
            }
          }}
        />
        <span aria-hidden="true">%</span>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={saving}
          aria-busy={saving || undefined}
          onClick={() => void save()}
        >
          Save
        </button>
        <button type="button" className="button button--secondary button--small" disabled={saving} onClick={close}>
          Cancel
        </button>
      </span>
      {error && (
        <p id={errorId} className={`error-text ${styles.error}`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
