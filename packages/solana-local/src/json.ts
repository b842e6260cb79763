// JSON with exact u64s: bigints are written as JSON numbers (as the validator does), not rounded through doubles.
import { randomUUID } from "node:crypto";

// A marker no answer's own strings can carry (random per process).
const TOKEN = randomUUID().replaceAll("-", "");
const MARKED = new RegExp(`"${TOKEN}:(-?\\d+)"`, "g");

/** JSON.stringify that writes bigint values as plain JSON integers. */
export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `${TOKEN}:${v.toString()}` : v));
  return text.replace(MARKED, "$1");
}
