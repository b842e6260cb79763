import ccxt from "ccxt";

/**
 * An exchange failure in plain words for `data.error` and `/health`: what went wrong and when, never a
 * stack trace, a URL with a query or a key.
 */
export function describeExchangeError(error: unknown, at: Date = new Date()): string {
  const when = at.toISOString();
  if (error instanceof ccxt.AuthenticationError || error instanceof ccxt.PermissionDenied) {
    return `Bybit refused the API keys at ${when}: ${exchangeMessage(error)}`;
  }
  if (error instanceof ccxt.NetworkError) {
    return `Bybit was unreachable at ${when}: ${exchangeMessage(error)}`;
  }
  if (error instanceof ccxt.ExchangeError) {
    return `Bybit answered with an error at ${when}: ${exchangeMessage(error)}`;
  }
  return `The Bybit sync failed at ${when}: ${exchangeMessage(error)}`;
}

/** The exchange's own words: ccxt messages are "bybit {json body}" or "bybit GET https://... reason". */
function exchangeMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const json = /\{.*\}/s.exec(raw)?.[0];
  if (json) {
    try {
      const body = JSON.parse(json) as { retMsg?: unknown; retCode?: unknown };
      if (typeof body.retMsg === "string") return `${body.retMsg} (retCode ${String(body.retCode)})`;
    } catch {
      // not JSON: fall through to the text
    }
  }
  const text = raw
    .replace(/^bybit\s+/, "")
    .replace(/(GET|POST)\s+https?:\/\/\S+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return (text || "unknown error").slice(0, 300);
}
