import type { IncomingMessage, ServerResponse } from "node:http";

/** A JSON answer (no body and no content type when `body` is undefined, e.g. a 204). */
export function sendJson(res: ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, body === undefined ? {} : { "content-type": "application/json" });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

/** A request's whole body as text. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise<string>((resolve) => {
    let data = "";
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => resolve(data));
  });
}

/**
 * CORS as the API's @fastify/cors answers a page on another origin (with `credentials`, the cookie-carrying variant);
 * answers a preflight itself. True when the request was a preflight and is answered.
 */
export function answerCors(
  req: IncomingMessage,
  res: ServerResponse,
  options: { credentials?: boolean } = {},
): boolean {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader("access-control-allow-origin", origin);
    if (options.credentials) res.setHeader("access-control-allow-credentials", "true");
    res.setHeader("vary", "origin");
  }
  if (req.method !== "OPTIONS") return false;
  res.setHeader("access-control-allow-methods", "GET, POST, OPTIONS");
  res.setHeader("access-control-allow-headers", "content-type, accept");
  sendJson(res, 204);
  return true;
}
