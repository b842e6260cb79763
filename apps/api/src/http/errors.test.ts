import { describe, expect, it } from "vitest";
import { clientErrorMessage, HttpError, isPublicText, publicError } from "./errors.js";

const AT = "2026-01-01T00:00:00.000Z";

describe("publicError", () => {
  it("keeps the plain sentences the sync jobs store", () => {
    for (const text of [
      "Bybit API keys are not configured",
      `Bybit was unreachable at ${AT}: request timed out after 10000 ms`,
      `Bybit refused the API keys at ${AT}: API key is invalid. (retCode 10003)`,
      `Bybit answered with an error at ${AT}: Not supported symbols (retCode 10001)`,
      `Bybit refused the API keys at ${AT}: check BYBIT_API_KEY, BYBIT_API_SECRET and the key's read permissions (retCode 10003).`,
      `The Bybit sync failed at ${AT}; the API's log has the cause.`,
    ]) {
      expect(publicError(text)).toBe(text);
    }
    expect(publicError(null)).toBeNull();
    expect(publicError(undefined)).toBeNull();
  });

  it.each([
    ["an HTML page", `Bybit answered with an error at ${AT}: <html><head><title>502 Bad Gateway</title></head></html>`],
    ["a JSON body echoing the request", `Bybit answered with an error at ${AT}: {"api_key":"abc","sign":"def"}`],
    ["a stack frame", `Bybit was unreachable at ${AT}: boom\n    at fetch (node:internal/deps/undici:1:1)`],
    ["a source position", `Bybit was unreachable at ${AT}: failed in syncEquity.ts:42`],
    ["a file path", `Bybit was unreachable at ${AT}: ENOENT /work/main/apps/api/src/x`],
    ["a URL with its query", `Bybit was unreachable at ${AT}: GET https://api.bybit.com/v5/x?api_key=k&sign=s`],
    ["SQL", `The Bybit sync failed at ${AT}: Failed query: insert into "exchange_transfers" values ($1)`],
    ["a database error", `The Bybit sync failed at ${AT}: duplicate key value violates unique constraint "x"`],
    ["a signature header", `The Bybit sync failed at ${AT}: X-BAPI-SIGN: 5f2b9c`],
    ["a key in text", `The Bybit sync failed at ${AT}: api_key=abc123 is invalid`],
  ])("replaces %s by the leading sentence and a pointer to the log", (_name, text) => {
    const shown = publicError(text);
    expect(shown).toMatch(new RegExp(` at ${AT.replace(/\./g, "\\.")}; the details are in the server log$`));
    expect(isPublicText(shown ?? "")).toBe(true);
  });

  it("falls back to a fixed sentence without a leading one, and for very long texts", () => {
    expect(publicError("<html>oops</html>")).toBe("The last run failed; the details are in the server log");
    expect(publicError("x".repeat(501))).toBe("The last run failed; the details are in the server log");
  });
});

describe("clientErrorMessage", () => {
  it("shows our message and Fastify's own, else a fixed text for the status", () => {
    expect(clientErrorMessage(new HttpError(400, "Row 1: bad"), 400)).toBe("Row 1: bad");
    const fastify = Object.assign(new Error("Unsupported Media Type: application/xml"), {
      code: "FST_ERR_CTP_INVALID_MEDIA_TYPE",
    });
    expect(clientErrorMessage(fastify, 415)).toBe("Unsupported Media Type: application/xml");
    expect(clientErrorMessage(new SyntaxError("Unexpected token } in JSON at position 3"), 400)).toBe(
      "The body is not valid JSON",
    );
    const leaky = Object.assign(new Error('relation "x" does not exist'), { statusCode: 400 });
    expect(clientErrorMessage(leaky, 400)).toBe("The request is not valid");
    expect(clientErrorMessage(new Error("too big"), 413)).toBe("The request body is too large");
  });
});
