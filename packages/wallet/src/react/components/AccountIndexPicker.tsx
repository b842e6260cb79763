import { useId, useState } from "react";
import { shortenAddress } from "../../core/format.js";

/**
 * The Account view's "Dev account" choice among a family's local dev accounts: `#i  0x12…cdef` options, the current
 * one selected, and `select(index)`'s failure said under it. Used by the anvil and the Solana dev-account pickers.
 */
export function AccountIndexPicker({
  addresses,
  current,
  select,
}: {
  addresses: readonly string[];
  /** The index of the account in use; −1 when it is none of them. */
  current: number;
  select: (index: number) => Promise<void>;
}) {
  const id = useId();
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <div className="fw-field">
      <label htmlFor={id}>Dev account</label>
      <select
        id={id}
        className="fw-select"
        value={current}
        onChange={async (event) => {
          // Read before any await: React puts the controlled value back once the handler returns.
          const index = Number(event.target.value);
          setError(undefined);
          try {
            await select(index);
          } catch (e) {
            setError((e as Error).message);
          }
        }}
      >
        {addresses.map((a, i) => (
          <option key={a} value={i}>
            {`#${i}  ${shortenAddress(a)}`}
          </option>
        ))}
      </select>
      {error ? (
        <p className="fw-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
