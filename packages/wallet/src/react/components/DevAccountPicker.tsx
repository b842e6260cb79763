import { useId, useState } from "react";
import { getConnection } from "wagmi/actions";
import { DEV_ACCOUNT_ADDRESSES, type DevAccountsProvider } from "../../connectors/createDevAccountsProvider.js";
import { shortenAddress } from "../../core/format.js";
import { useWalletRuntime } from "../context.js";

/**
 * Which anvil dev account the dev-accounts connector uses (local chain only): a person without a browser wallet can
 * act as any of them (an admin, an investor…). The choice survives a reload.
 */
export function DevAccountPicker({ address }: { address: string }) {
  const { wagmiConfig } = useWalletRuntime();
  const id = useId();
  const [error, setError] = useState<string | undefined>(undefined);
  const current = DEV_ACCOUNT_ADDRESSES.findIndex((a) => a.toLowerCase() === address.toLowerCase());
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
            const connector = getConnection(wagmiConfig).connector;
            const provider = (await connector?.getProvider()) as DevAccountsProvider | undefined;
            provider?.setAccountIndex(index);
          } catch (e) {
            setError((e as Error).message);
          }
        }}
      >
        {DEV_ACCOUNT_ADDRESSES.map((a, i) => (
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
