import { FundamentError } from "../baseErrors.js";

/**
 * A value as canonical JSON, in the spirit of RFC 8785 (JCS): object keys sorted by UTF-16 code units, no whitespace,
 * integers only (amounts are decimal strings), no `undefined`. The same value always gives the same bytes, so a hash
 * of them can be recomputed by anyone.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new FundamentError(`Canonical JSON holds integers only, not ${value}.`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    const undefinedKey = entries.find(([, v]) => v === undefined)?.[0];
    if (undefinedKey !== undefined)
      throw new FundamentError(`Canonical JSON has no undefined values (${undefinedKey}).`);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  throw new FundamentError(`Canonical JSON cannot hold a ${typeof value}.`);
}
