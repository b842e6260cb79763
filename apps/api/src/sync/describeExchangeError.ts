import ccxt from "ccxt";
import { ExchangeAnswerError } from "./exchangeAnswer.js";

/**
 * An exchange failure as a plain sentence for `data.error` and `/health` (what is stored in
 * `sync_state.last_error`): what went wrong and when, in our own words only. Nothing of the exchange's answer is
 * ever copied in (an upstream body can be an HTML page or echo the request, API key and signature included);
 * only Bybit's numeric `retCode` is kept, as a number. The real cause goes to the log (see `exchangeErrorCause`).
 */
export function describeExchangeError(error: unknown, at: Date = new Date()): string {
  const when = at.toISOString();
  const code = retCode(error);
  const withCode = code === undefined ? "" : ` (retCode ${code})`;
  if (error instanceof ccxt.AuthenticationError || error instanceof ccxt.PermissionDenied) {
    return `Bybit refused the API keys at ${when}: check BYBIT_API_KEY, BYBIT_API_SECRET and the key's read permissions${withCode}.`;
  }
  if (error instanceof ccxt.DDoSProtection) {
    return `Bybit was unreachable at ${when}: it asked for fewer requests; the next run tries again.`;
  }
  if (error instanceof ccxt.NetworkError) {
    return `Bybit was unreachable at ${when}: no answer came back in time; the next run tries again.`;
  }
  const unreadable =
    error instanceof ExchangeAnswerError ||
    error instanceof ccxt.BadResponse ||
    error instanceof ccxt.NullResponse ||
    (error instanceof ccxt.ExchangeError && code === undefined); // an error without Bybit's envelope
  if (unreadable) {
    return `Bybit answered with something unreadable at ${when}: nothing of that answer was stored; the next run reads it again.`;
  }
  if (error instanceof ccxt.ExchangeError) {
    return `Bybit answered with an error at ${when}${withCode}; the next run tries again.`;
  }
  return `The Bybit sync failed at ${when}; the API's log has the cause.`;
}

/** The cause for the operator's log: the error's class and message (the exchange's own words, as ccxt gives them). */
export function exchangeErrorCause(error: unknown): { type: string; message: string } {
  if (error instanceof Error) return { type: error.name || error.constructor.name, message: error.message };
  return { type: typeof error, message: String(error) };
}

/** Bybit's numeric `retCode` from a ccxt message ("bybit {json body}"), digits only, or undefined. */
function retCode(error: unknown): string | undefined {
  const raw = error instanceof Error ? error.message : "";
  const match = /"retCode"\s*:\s*(-?\d{1,9})\b/.exec(raw);
  return match?.[1];
}
