import { MAX_MANUAL_ITEMS, MAX_MANUAL_NOTE } from "@fundament/sdk";
import { useRef } from "react";
import { Field } from "../../shared/components/Field";
import styles from "./SettleRound.module.css";
import type { ManualItemDraft, ManualItemProblems } from "./settle.helpers";

/**
 * The declared items of a round's report, typed before it is built: parts of the total returned that the fund's
 * server cannot observe (an NFT loan repaid elsewhere), each an amount and a note, shown in the report as "declared,
 * not observed". Rows are added and removed here (at most `MAX_MANUAL_ITEMS`); problems show once the admin has
 * tried to settle (`showProblems`). Adding a row moves the focus to its amount; removing one, to the Add button.
 */
export function ManualItemsEditor({
  drafts,
  onChange,
  problems,
  showProblems,
  symbol,
  disabled,
}: {
  drafts: readonly ManualItemDraft[];
  onChange: (drafts: ManualItemDraft[]) => void;
  problems: ManualItemProblems;
  showProblems: boolean;
  symbol: string;
  disabled: boolean;
}) {
  const nextKey = useRef(1);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusKey = useRef<number | null>(null);
  const full = drafts.length >= MAX_MANUAL_ITEMS;
  const update = (key: number, change: Partial<ManualItemDraft>) =>
    onChange(drafts.map((d) => (d.key === key ? { ...d, ...change } : d)));
  return (
    <fieldset className={styles.manual} disabled={disabled}>
      <legend className={styles.manualLegend}>Declared items (optional)</legend>
      <p className="field__hint">
        Parts of the total returned that the fund's server cannot observe on chain or on the exchange (an NFT loan
        repaid elsewhere, say). The report lists each with its note, marked “declared, not observed”; they explain part
        of the total and do not add to it.
      </p>
      {drafts.map((draft, i) => {
        const rowProblems = showProblems ? problems.rows[i] : undefined;
        const noteLength = draft.note.trim().length;
        return (
          <fieldset key={draft.key} className={styles.manualRow}>
            <legend className="visually-hidden">Declared item {i + 1}</legend>
            <Field label={`Amount (${symbol})`} error={rowProblems?.amount}>
              {(control) => (
                <input
                  {...control}
                  ref={(element) => {
                    if (element && focusKey.current === draft.key) {
                      focusKey.current = null;
                      element.focus();
                    }
                  }}
                  className="input"
                  inputMode="decimal"
                  autoComplete="off"
                  value={draft.amount}
                  onChange={(event) => update(draft.key, { amount: event.target.value })}
                />
              )}
            </Field>
            <Field label="Note" error={rowProblems?.note} hint={`${noteLength} of ${MAX_MANUAL_NOTE} characters`}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  autoComplete="off"
                  value={draft.note}
                  onChange={(event) => update(draft.key, { note: event.target.value })}
                />
              )}
            </Field>
            <div className={styles.manualRemove}>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Remove declared item ${i + 1}`}
                onClick={() => {
                  onChange(drafts.filter((d) => d.key !== draft.key));
                  addButton.current?.focus();
                }}
              >
                Remove
              </button>
            </div>
          </fieldset>
        );
      })}
      {showProblems && problems.total && (
        <p className="error-text" role="alert">
          {problems.total}
        </p>
      )}
      <div className={styles.manualAdd}>
        <button
          ref={addButton}
          type="button"
          className="button button--secondary button--small"
          disabled={full}
          onClick={() => {
            const key = nextKey.current++;
            focusKey.current = key;
            onChange([...drafts, { key, amount: "", note: "" }]);
          }}
        >
          Add a declared item
        </button>
        {full && <span className="field__hint">A report lists at most {MAX_MANUAL_ITEMS} declared items.</span>}
      </div>
    </fieldset>
  );
}
