import { z } from "zod";

/**
 * The strict parsers every route uses for its query, path and body fields: each value is bounded and typed at
 * the edge, so a bad one gets 400 with a clear message and never reaches the database (no 500 from an input).
 */

/** The largest int4 (PostgreSQL `integer`). */
export const INT4_MAX = 2_147_483_647;
/** The last instant a JavaScript Date (and the API) accepts: 8.64e15 ms, year 275760. */
export const MAX_TIME_MS = 8_640_000_000_000_000;
/** Sane bounds for a stored time: 1970-01-01 to 9999-12-31 (PostgreSQL's timestamptz goes further, JSON dates do not). */
export const MIN_DATE_MS = 0;
export const MAX_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** C0 and C1 control characters, DEL and NUL: never part of a legitimate parameter. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Lone UTF-16 surrogates cannot be encoded as UTF-8 for the database. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a text holds no control character and no lone surrogate. */
export function isCleanText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/** A single text value (a repeated query parameter is refused): at most `max` characters, no control characters. */
export function text(name: string, max: number) {
  return z
    .string({ error: `${name} must be given once, as text` })
    .max(max, `${name} must be at most ${max} characters`)
    .refine(isCleanText, `${name} must not contain control characters`);
}

/** Digits only, no sign, no spaces, no exponent, no hex: `^(0|[1-9][0-9]*)$`. */
const DIGITS = /^(0|[1-9][0-9]*)$/;

/**
 * A whole number written in plain decimal digits, within [min, max] (both safe integers). `0x10`, `1e2`, ` 5`,
 * `+5`, `5.0` and the empty string are refused.
 */
export function strictInt(name: string, min: number, max: number, describe = `a whole number from ${min} to ${max}`) {
  return z
    .string({ error: `${name} must be given once, as ${describe}` })
    .refine((value) => value.length <= 16 && DIGITS.test(value), `${name} must be ${describe}`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${name} must be ${describe}`);
}

/** A time in ms since 1970, within the API's date range. */
export function timeMs(name: string) {
  return strictInt(name, MIN_DATE_MS, MAX_DATE_MS, "a time in milliseconds (digits only, 1970 to 9999)");
}

/** A chain id: a positive whole number that fits the int4 column. */
export function chainId(name = "chainId") {
  return strictInt(name, 1, INT4_MAX, `a chain id (a whole number from 1 to ${INT4_MAX})`);
}

/** Parses a whole-number part of a cursor: digits only, at most `max`. */
export function cursorNumber(part: string | undefined, max: number): number | undefined {
  if (part === undefined || part.length > 16 || !DIGITS.test(part)) return undefined;
  const value = Number(part);
  return value <= max ? value : undefined;
}

/** Whether a text is an exchange cursor `<time ms>:<record id>`, as `next_cursor` gives it. */
export function isExchangeCursor(value: string): boolean {
  const split = value.indexOf(":");
  return split > 0 && split < value.length - 1 && cursorNumber(value.slice(0, split), MAX_DATE_MS) !== undefined;
}

/**
 * The exchange routes' cursor `<time ms>:<record id>`, checked and kept as text (the route splits it): the time
 * is digits within the date range, the id is non-empty, the whole at most 300 characters without control characters.
 */
export function exchangeCursor(name = "cursor") {
  return text(name, 300).refine(isExchangeCursor, `${name} must be a next_cursor value from a previous page`);
}

/** The account history's cursor `<block>:<log index>`, as `next` gives it. */
export function blockCursor(name = "cursor") {
  const message = `${name} must be a next value from a previous page`;
  return text(name, 40).transform((value, context) => {
    const [block, log, extra] = value.split(":");
    const blockNumber = cursorNumber(block, Number.MAX_SAFE_INTEGER);
    const logIndex = cursorNumber(log, INT4_MAX);
    if (blockNumber === undefined || logIndex === undefined || extra !== undefined) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return { blockNumber, logIndex };
  });
}
