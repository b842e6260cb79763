import { describe, expect, it } from "vitest";
import { serializeError } from "../http/logger.js";
import { credentialValues, redactExchangeText, truncateText } from "./redactExchangeText.js";

const KEY = "fK3pQ9zR2mT7vW1xY5";
const SECRET = "Zq8LmN3vB6cX1aS4dF7gH0jK2lP5oI9uY3tR";
const SIGN = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

describe("redactExchangeText", () => {
  it.each([
    [
      "a query string",
      `GET /v5/x?api_key=abc123&sign=def456&timestamp=1`,
      "GET /v5/x?api_key=[redacted]&sign=[redacted]&timestamp=1",
    ],
    [
      "JSON",
      `{"X-BAPI-API-KEY":"abc","X-BAPI-SIGN":"def","retCode":10004}`,
      `{"X-BAPI-API-KEY":"[redacted]","X-BAPI-SIGN":"[redacted]","retCode":10004}`,
    ],
    [
      "JSON inside a JSON string",
      String.raw`{"retMsg":"{\"apiKey\":\"abc\",\"signature\":\"d e f\"}"}`,
      String.raw`{"retMsg":"{\"apiKey\":\"[redacted]\",\"signature\":\"[redacted]\"}"}`,
    ],
    [
      "a header dump",
      "X-BAPI-SIGN: def\nAuthorization: Bearer abc.def\ncookie: s=1",
      "X-BAPI-SIGN: [redacted]\nAuthorization: Bearer [redacted]\ncookie: [redacted]",
    ],
    [
      "util.inspect",
      `{ 'x-bapi-api-key': 'abc', secret: 'def', access_token: 'ghi' }`,
      `{ 'x-bapi-api-key': '[redacted]', secret: '[redacted]', access_token: '[redacted]' }`,
    ],
  ])("blanks credential values in %s", (_, text, redacted) => {
    expect(redactExchangeText(text)).toBe(redacted);
  });

  it("blanks the configured key and secret and a signature wherever they appear verbatim, also URL-encoded", () => {
    const text = `origin_string[1700000000000${KEY}5000limit=50] ${SIGN} ${encodeURIComponent(`${SECRET}/`)}`;
    expect(redactExchangeText(text, [KEY, SECRET, SIGN, `${SECRET}/`, "k", undefined])).toBe(
      "origin_string[1700000000000[redacted]5000limit=50] [redacted] [redacted]",
    );
  });

  it("leaves our own sentences and database words alone", () => {
    for (const text of [
      "Bybit refused the API keys at 2026-01-01T00:00:00.000Z: check BYBIT_API_KEY, BYBIT_API_SECRET and the key's read permissions.",
      'duplicate key value violates unique constraint "exchange_transfers_pkey"; Key (id)=(x) already exists',
      "retCode 10004: error sign! origin_string[...]",
    ]) {
      expect(redactExchangeText(text, ["k", "s"])).toBe(text);
    }
  });

  it("reads the credential headers of a request", () => {
    expect(
      credentialValues({ "X-BAPI-API-KEY": KEY, "X-BAPI-SIGN": SIGN, "X-BAPI-TIMESTAMP": "1", "Content-Type": "x" }),
    ).toEqual([KEY, SIGN]);
  });

  it("is cut short only after it is redacted, and stays fast on a large body", () => {
    const text = `${"x".repeat(290)} key=${KEY}`;
    expect(truncateText(redactExchangeText(text, [KEY]), 300)).toBe(`${"x".repeat(290)} key=[reda… (305 characters)`);
    const started = performance.now();
    redactExchangeText(`${"a-".repeat(100_000)}key ${"token".repeat(50_000)}`, [KEY]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("is what the API's log applies to every logged error's message", () => {
    const error = new Error(`bybit GET /v5/x?api_key=${KEY}&sign=${SIGN} 500 {"secret":"${SECRET}"}`);
    expect(serializeError(error)).toEqual({
      type: "Error",
      message: 'bybit GET /v5/x?api_key=[redacted]&sign=[redacted] 500 {"secret":"[redacted]"}',
    });
  });
});
