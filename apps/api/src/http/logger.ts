import type { FastifyServerOptions } from "fastify";

/** Paths pino blanks in every log line: credentials, cookies and keys. */
export const REDACT_PATHS: string[] = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  "*.apiKey",
  "*.secret",
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
      // Type and message only: stack traces never reach a log line. (Fastify's type asks for `stack`.)
      err: ((error: Error) => ({ type: error.name, message: error.message })) as never,
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: request.url.split("?")[0],
        ip: request.ip,
      }),
    },
  };
}
