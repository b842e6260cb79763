/** What a redacted value is replaced by. */
export const REDACTED = "[redacted]";

/** Known values shorter than this are not replaced verbatim (a one-letter test key would blank every such letter). */
const MIN_VERBATIM_LENGTH = 6;

/**
 * A parameter, header or JSON field name that holds a credential: `X-BAPI-API-KEY`, `X-BAPI-SIGN`, `api_key`,
 * `apiKey`, `sign`, `signature`, `secret`, `access_token`, `password`, `Authorization`, `Cookie`… Bounded on both
 * sides so a long run of letters costs little.
 */
const NAME = String.raw`[\w.-]{0,40}?(?:key|secret|sign|token|passw|passphrase|authorization|cookie|credential)[\w.-]{0,40}`;

/** `name` followed by `=` or `:` (maybe quoted, maybe with JSON's escaped quotes `\"` around it). */
const SEPARATOR = String.raw`\\*["']?\s*[:=]\s*`;

/** A quoted value (JSON, a header dump in quotes): everything up to the closing quote is the value. */
const QUOTED_PAIR = new RegExp(String.raw`(?<![\w.-])(${NAME})(${SEPARATOR}\\*["'])([^"'\\\r\n]+)`, "gi");

/** A bare value (a query string, `Header: value`, `key=value` in prose): up to a space or a delimiter. */
const BARE_PAIR = new RegExp(
  String.raw`(?<![\w.-])(${NAME})(${SEPARATOR})((?:bearer|basic)\s+)?([^\s"'\\&,;<>()[\]{}]+)`,
  "gi",
);

/**
 * Text from the exchange (a ccxt error message, which often carries the request URL, headers and the answer's
 * body) with its credentials replaced by `[redacted]`:
 *
 * - every `known` value (the configured API key and secret, the request's signature) wherever it appears verbatim,
 *   also URL-encoded (values under 6 characters are left to the next rule);
 * - the value of every key / sign / signature / secret / token / password / authorization / cookie-like parameter,
 *   header or JSON field: `sign=…`, `"X-BAPI-SIGN":"…"`, `\"api_key\":\"…\"`, `Authorization: Bearer …`.
 *
 * The whole text is redacted before anyone cuts it short (a cut could otherwise leave half a key that no longer
 * matches); use `truncateText` afterwards.
 */
export function redactExchangeText(text: string, known: readonly (string | undefined)[] = []): string {
  let redacted = text;
  for (const value of verbatimValues(known)) redacted = redacted.split(value).join(REDACTED);
  return redacted.replace(QUOTED_PAIR, `$1$2${REDACTED}`).replace(BARE_PAIR, `$1$2$3${REDACTED}`);
}

/** The known values worth replacing verbatim, each also URL-encoded, longest first. */
function verbatimValues(known: readonly (string | undefined)[]): string[] {
  const values = new Set<string>();
  for (const value of known) {
    if (typeof value !== "string" || value.length < MIN_VERBATIM_LENGTH) continue;
    values.add(value);
    values.add(encodeURIComponent(value));
  }
  return [...values].sort((a, b) => b.length - a.length);
}

const CREDENTIAL_NAME = new RegExp(`^${NAME}$`, "i");

/** The values of a request's credential headers (e.g. `X-BAPI-API-KEY`, `X-BAPI-SIGN`), to redact verbatim. */
export function credentialValues(headers: unknown): string[] {
  if (typeof headers !== "object" || headers === null) return [];
  return Object.entries(headers)
    .filter(([name, value]) => CREDENTIAL_NAME.test(name) && typeof value === "string")
    .map(([, value]) => value as string);
}

/** `text` cut to `max` characters, saying how long it was. */
export function truncateText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}
