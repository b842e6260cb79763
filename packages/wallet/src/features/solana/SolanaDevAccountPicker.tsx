import { useId, useState } from "react";
import { shortenAddress } from "../../core/format.js";
import { useWalletRuntime } from "../../react/context.js";
import { SOLANA_DEV_ACCOUNT_ADDRESSES } from "./solanaDevAccounts.js";

/**
 * Which local Solana dev account the dev accounts' wallet uses (Solana Local only): as the anvil accounts' picker, a
 * person can act as any of the ten. The choice survives a reload.
 */
export function SolanaDevAccountPicker({ address }: { address: string }) {
  const runtime = useWalletRuntime();
  const id = useId();
  const [error, setError] = useState<string | undefined>(undefined);
  const current = SOLANA_DEV_ACCOUNT_ADDRESSES.indexOf(address);
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
            (await runtime.solana?.load())?.devAccounts?.setIndex(index);
          } catch (e) {
            setError((e as Error).message);
          }
        }}
      >
        {SOLANA_DEV_ACCOUNT_ADDRESSES.map((a, i) => (
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
