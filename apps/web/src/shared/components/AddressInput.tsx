import type { InputHTMLAttributes } from "react";

/** A text input for a wallet address: monospace, no autocomplete or spell-checking, "0x…" as placeholder. */
export function AddressInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return <input className="input mono" placeholder="0x…" autoComplete="off" spellCheck={false} {...props} />;
}
