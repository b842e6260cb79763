import type { FastifyServerOptions } from "fastify";
import { redactExchangeText } from "../sync/redactExchangeText.js";

/** Paths pino blanks in every log line: credentials, cookies and keys (the exchange's signed headers included). */
export const REDACT_PATHS: string[] = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  '*.headers["x-bapi-api-key"]',
  '*.headers["x-bapi-sign"]',
  '*.headers["X-BAPI-API-KEY"]',
  '*.headers["X-BAPI-SIGN"]',
  "*.apiKey",
  "*.api_key",
  "*.secret",
  "*.sign",
  "*.signature",
  "*.token",
  "*.password",
  "*.BYBIT_API_KEY",
  "*.BYBIT_API_SECRET",
  "*.ADMIN_TOKEN",
  "*.DATABASE_URL",
];

/** Structured pino options for Fastify: redaction, and errors logged as type + message only (no stacks). */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions["logger"] {
  if (level === "silent") return false;
  return {
    level,
    ...(stream && { stream }),
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: {
      // Type and message only: stack traces never reach a log line. `as never`: Fastify's type demands a `stack`.
      err: serializeError as never,
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: request.url.split("?")[0],
        ip: request.ip,
      }),
    },
  };
}

/** The fields of a database (PostgreSQL / PGlite) error worth logging. */
const DATABASE_FIELDS = ["code", "severity", "detail", "hint", "table", "column", "constraint", "routine"] as const;

type LoggedError = { type: string; message: string; query?: string; cause?: LoggedError } & Record<string, unknown>;

/**
 * An error for a log line: its type and message, the database's own error (code, message, detail…) when it
 * has one, and for a failed query its SQL text without the parameters (which hold user input). Never a stack.
 * The message passes `redactExchangeText`: a credential-like value in it (`sign=…`, `"apiKey":"…"`) is blanked.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactExchangeText(String(error)) };
  const source = error as Error & Record<string, unknown>;
  const logged: LoggedError = { type: error.name, message: redactExchangeText(error.message) };
  if (typeof source.query === "string" && error.message.startsWith("Failed query:")) {
    // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>": keep the SQL, drop the values.
    logged.message = "Failed query";
    logged.query = source.query.slice(0, 2000);
  }
  for (const field of DATABASE_FIELDS) {
    if (typeof source[field] === "string" || typeof source[field] === "number") logged[field] = source[field];
  }
  if (source.cause !== undefined && depth < 3) logged.cause = serializeError(source.cause, depth + 1);
  return logged;
}
