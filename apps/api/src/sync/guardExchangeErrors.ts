import type { Exchange } from "ccxt";
import { credentialValues, redactExchangeText, truncateText } from "./redactExchangeText.js";

/** How much of a failed answer's body is kept (after redaction) for the operator's log. */
export const BODY_START_LENGTH = 300;

/** What the exchange answered to a request that failed: its HTTP status and the start of its body, redacted. */
export type ExchangeHttpAnswer = { status: number; bodyStart: string };

/** The answers of failed requests, by the error ccxt threw for each (read with httpAnswerOf). */
const answers = new WeakMap<object, ExchangeHttpAnswer>();

/** The HTTP answer behind a failed exchange call, when one came back (undefined for a timeout or a dropped connection). */
export function httpAnswerOf(error: unknown): ExchangeHttpAnswer | undefined {
  return typeof error === "object" && error !== null ? answers.get(error) : undefined;
}

/** The configured credentials, redacted wherever they appear. */
export type ExchangeSecrets = { apiKey: string; secret: string };

/**
 * The edge where an exchange error leaves ccxt. Every request's failure is rethrown with its message (and stack)
 * passed through `redactExchangeText`, knowing the configured key and secret and the request's own credential
 * headers (its signature); ccxt's error class is kept, so callers still classify it. When an HTTP answer came back,
 * its status and the redacted start of its body are recorded for `httpAnswerOf` (ccxt puts neither in a field).
 * The hooks wrapped are the ones every request goes through (see ccxt's Exchange.fetch and handleRestResponse).
 */
export function guardExchangeErrors<T extends Exchange>(exchange: T, secrets: ExchangeSecrets): T {
  const raw = new WeakMap<object, { status: number; body: string }>();
  const remember = (error: unknown, status: number, body: unknown) => {
    if (typeof error === "object" && error !== null) raw.set(error, { status, body: String(body ?? "") });
    return error;
  };
  const handleErrors = exchange.handleErrors.bind(exchange);
  exchange.handleErrors = (status, reason, url, method, ...rest) => {
    try {
      return handleErrors(status, reason, url, method, ...rest);
    } catch (error) {
      throw remember(error, status, rest[1]); // rest: responseHeaders, responseBody, …
    }
  };
  const handleHttpStatusCode = exchange.handleHttpStatusCode.bind(exchange);
  exchange.handleHttpStatusCode = (status, reason, url, method, body) => {
    try {
      return handleHttpStatusCode(status, reason, url, method, body);
    } catch (error) {
      throw remember(error, status, body);
    }
  };
  const fetch = exchange.fetch.bind(exchange);
  exchange.fetch = async (url, method, headers, body) => {
    try {
      return await fetch(url, method, headers, body);
    } catch (error) {
      const known = [secrets.apiKey, secrets.secret, ...credentialValues(headers)];
      const answer = typeof error === "object" && error !== null ? raw.get(error) : undefined;
      if (answer) {
        const bodyStart = truncateText(redactExchangeText(answer.body, known), BODY_START_LENGTH);
        answers.set(error as object, { status: answer.status, bodyStart });
      }
      throw redactError(error, known);
    }
  };
  return exchange;
}

/** The error with its message and stack redacted in place (its class, which says what happened, is kept). */
function redactError(error: unknown, known: readonly string[]): unknown {
  if (!(error instanceof Error)) return new Error(redactExchangeText(String(error), known));
  error.message = redactExchangeText(error.message, known);
  if (typeof error.stack === "string") error.stack = redactExchangeText(error.stack, known);
  return error;
}
