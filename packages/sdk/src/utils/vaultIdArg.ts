import { FundamentError } from "../baseErrors.js";

/** A vault id for a contract call: a whole number from 1 up. */
export function vaultIdArg(vaultId: number | bigint | string): bigint {
  const text = String(vaultId).trim();
  if (!/^\d+$/.test(text) || BigInt(text) === 0n) throw new FundamentError("Choose a vault.");
  return BigInt(text);
}
