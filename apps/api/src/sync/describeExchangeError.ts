import { STATUS_CODES } from "node:http";
import ccxt from "ccxt";
import { ExchangeAnswerError } from "./exchangeAnswer.js";
import { type ExchangeHttpAnswer, httpAnswerOf } from "./guardExchangeErrors.js";
import { redactExchangeText, truncateText } from "./redactExchangeText.js";

/** How much of a ccxt message the operator's log keeps (after redaction). */
const CAUSE_MESSAGE_LENGTH = 1000;

/** What kind of failure an exchange error is, as the sentence tells it. */
type ExchangeFailure =
  | "keys"
  | "too-many-requests"
  | "forbidden"
  | "error-answer"
  | "no-answer"
  | "unreadable"
  | "unknown";

/**
 * An exchange failure as a plain sentence for `data.error` and `/health` (what is stored in
 * `sync_state.last_error`): what went wrong and when, in our own words only. Nothing of the exchange's answer is
 * ever copied in (an upstream body can be an HTML page or echo the request, API key and signature included); only
 * numbers are kept: the HTTP status of an answer that came back (named in Node's words, not the wire's) and Bybit's
 * `retCode`. A 429 or a 500 is said as such: "no answer came back in time" is kept for a request that got no HTTP
 * answer at all. The real cause goes to the log (see `exchangeErrorCause`).
 */
export function describeExchangeError(error: unknown, at: Date = new Date()): string {
  const when = at.toISOString();
  const answer = httpAnswerOf(error);
  const code = retCode(error);
  const details = answerDetails(answer, code);
  const said = details ? ` (${details})` : "";
  switch (classifyExchangeError(error, answer, code)) {
    case "keys":
      return `Bybit refused the API keys at ${when}: check BYBIT_API_KEY, BYBIT_API_SECRET and the key's read permissions${said}.`;
    case "too-many-requests":
      return `Bybit refused the request at ${when}: too many requests${said}; the next run tries again.`;
    case "forbidden":
      return `Bybit refused the request at ${when}: too many requests from this IP, or a region Bybit does not serve${said}; the next run tries again.`;
    case "error-answer":
      // "at <time>: HTTP 500 …", never "at <time> (…": that reads as a stack frame to publicError
      return `Bybit answered with an error at ${when}${details ? `: ${details}` : ""}; the next run tries again.`;
    case "no-answer":
      return `Bybit was unreachable at ${when}: no answer came back in time; the next run tries again.`;
    case "unreadable":
      return `Bybit answered with something unreadable at ${when}: nothing of that answer was stored; the next run reads it again.`;
    default:
      return `The Bybit sync failed at ${when}; the API's log has the cause.`;
  }
}

/**
 * The kind of failure: refused keys; too many requests (ccxt's RateLimitExceeded or DDoSProtection, or an HTTP 429);
 * a bare HTTP 403 (Bybit's answer to an IP over its limit or in a region it does not serve); an error answer (an
 * HTTP status of 400 or more, or Bybit's retCode); no answer at all (a timeout or a dropped connection: a
 * NetworkError with no HTTP answer); an unreadable answer (not Bybit's shape or envelope).
 */
export function classifyExchangeError(
  error: unknown,
  answer: ExchangeHttpAnswer | undefined = httpAnswerOf(error),
  code: string | undefined = retCode(error),
): ExchangeFailure {
  if (error instanceof ccxt.AuthenticationError || error instanceof ccxt.PermissionDenied) return "keys";
  // Bybit answers a bare 403 for an IP over its rate limit or from a region it does not serve (ccxt: RateLimitExceeded)
  if (answer?.status === 403 && code === undefined) return "forbidden";
  if (error instanceof ccxt.RateLimitExceeded || error instanceof ccxt.DDoSProtection || answer?.status === 429) {
    return "too-many-requests";
  }
  if (answer && answer.status >= 400) return "error-answer";
  if (error instanceof ccxt.NetworkError) return answer ? "error-answer" : "no-answer";
  const unreadable =
    error instanceof ExchangeAnswerError ||
    error instanceof ccxt.BadResponse ||
    error instanceof ccxt.NullResponse ||
    (error instanceof ccxt.ExchangeError && code === undefined); // an error without Bybit's envelope
  if (unreadable) return "unreadable";
  return error instanceof ccxt.ExchangeError ? "error-answer" : "unknown";
}

/** "HTTP 500 Internal Server Error, retCode 10016": the numbers of the answer, in our words; "" without any. */
function answerDetails(answer: ExchangeHttpAnswer | undefined, code: string | undefined): string {
  const parts: string[] = [];
  if (answer && (answer.status < 200 || answer.status >= 300)) {
    const name = STATUS_CODES[answer.status];
    parts.push(name ? `HTTP ${answer.status} ${name}` : `HTTP ${answer.status}`);
  }
  if (code !== undefined) parts.push(`retCode ${code}`);
  return parts.join(", ");
}

/** The cause for the operator's log: what ccxt said and what came back, redacted and cut short. */
export type ExchangeErrorCause = { type: string; message: string; status?: number; body?: string };

/**
 * The cause for the operator's log: the error's class and message (the exchange's own words, as ccxt gives them)
 * and, when an HTTP answer came back, its status and the start of its body. Everything passes
 * `redactExchangeText` (with `known`: the configured key and secret) and is cut short.
 */
export function exchangeErrorCause(error: unknown, known: readonly (string | undefined)[] = []): ExchangeErrorCause {
  const text = (value: string, max: number) => truncateText(redactExchangeText(value, known), max);
  if (!(error instanceof Error)) return { type: typeof error, message: text(String(error), CAUSE_MESSAGE_LENGTH) };
  const cause: ExchangeErrorCause = {
    type: error.name || error.constructor.name,
    message: text(error.message, CAUSE_MESSAGE_LENGTH),
  };
  const answer = httpAnswerOf(error);
  if (answer) {
    cause.status = answer.status;
    cause.body = text(answer.bodyStart, CAUSE_MESSAGE_LENGTH);
  }
  return cause;
}

/** Bybit's numeric `retCode` from a ccxt message ("bybit {json body}"), digits only, or undefined. */
function retCode(error: unknown): string | undefined {
  const raw = error instanceof Error ? error.message : "";
  const match = /"retCode"\s*:\s*(-?\d{1,9})\b/.exec(raw);
  return match?.[1];
}
