// JSON-RPC 2.0 over HTTP (node:http): POST with one request or a batch; GET / answers a small status.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { RPC_ERROR, RpcError } from "./errors.js";
import { stringifyJson } from "./json.js";
import { callMethod, type MethodContext, SOLANA_LOCAL_METHODS } from "./methods.js";
import { SUBSCRIPTION_METHODS, serveSubscriptions } from "./subscriptions.js";
import { acceptWebSocket } from "./websocket.js";

/** The largest request body accepted (bytes). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** The most requests in one batch. */
export const MAX_BATCH = 100;

type JsonRpcId = string | number | null;

type JsonRpcResponse =
  | { jsonrpc: "2.0"; id: JsonRpcId; result: unknown }
  | { jsonrpc: "2.0"; id: JsonRpcId; error: { code: number; message: string; data?: unknown } };

function errorResponse(id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcResponse {
  return { jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } };
}

function validId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

async function handleOne(request: unknown, context: MethodContext): Promise<JsonRpcResponse | undefined> {
  if (!request || typeof request !== "object" || Array.isArray(request)) {
    return errorResponse(null, RPC_ERROR.invalidRequest, "Invalid request: expected a JSON-RPC 2.0 request object");
  }
  const { jsonrpc, id, method, params } = request as Record<string, unknown>;
  const isNotification = !("id" in request);
  const replyId = validId(id) ? id : null;
  if (jsonrpc !== "2.0") {
    return errorResponse(replyId, RPC_ERROR.invalidRequest, 'Invalid request: "jsonrpc" must be "2.0"');
  }
  if (id !== undefined && !validId(id)) {
    return errorResponse(null, RPC_ERROR.invalidRequest, 'Invalid request: "id" must be a string, number or null');
  }
  if (typeof method !== "string" || method.length === 0) {
    return errorResponse(replyId, RPC_ERROR.invalidRequest, 'Invalid request: "method" must be a string');
  }
  if (params !== undefined && params !== null && !Array.isArray(params)) {
    return errorResponse(replyId, RPC_ERROR.invalidParams, 'Invalid params: "params" must be an array');
  }
  try {
    const result = await callMethod(method, (params as unknown[] | undefined) ?? [], context);
    return isNotification ? undefined : { jsonrpc: "2.0", id: replyId, result };
  } catch (error) {
    if (error instanceof RpcError) return errorResponse(replyId, error.code, error.message, error.data);
    const message = error instanceof Error ? error.message : String(error);
    return errorResponse(replyId, RPC_ERROR.internalError, `Internal error: ${message}`);
  }
}

/** Answer a parsed JSON-RPC body (one request or a batch). */
export async function handleBody(body: unknown, context: MethodContext): Promise<unknown> {
  if (Array.isArray(body)) {
    if (body.length === 0) return errorResponse(null, RPC_ERROR.invalidRequest, "Invalid request: empty batch");
    if (body.length > MAX_BATCH) {
      return errorResponse(null, RPC_ERROR.invalidRequest, `Invalid request: at most ${MAX_BATCH} requests per batch`);
    }
    const responses = [];
    for (const request of body) {
      const response = await handleOne(request, context);
      if (response) responses.push(response);
    }
    return responses.length > 0 ? responses : undefined;
  }
  return handleOne(body, context);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = body === undefined ? "" : stringifyJson(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

function cors(req: IncomingMessage, res: ServerResponse): void {
  // Browsers (the web app, the wallet) call the RPC from another origin, as they call public RPC endpoints.
  res.setHeader("access-control-allow-origin", "*");
  res.setHeader("access-control-allow-methods", "GET, POST, OPTIONS");
  res.setHeader("access-control-allow-headers", req.headers["access-control-request-headers"] ?? "content-type");
  res.setHeader("access-control-max-age", "86400");
}

function readBody(req: IncomingMessage): Promise<Buffer | "too large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        resolve("too large");
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!done) resolve(Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}

/** The request handler: status on GET /, JSON-RPC on POST, CORS preflight on OPTIONS. */
export function createRpcHandler(context: MethodContext) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      cors(req, res);
      if (req.method === "OPTIONS") {
        res.writeHead(204);
        res.end();
        return;
      }
      if (req.method === "GET") {
        send(res, 200, {
          name: "Solana RPC (LiteSVM)",
          genesisHash: context.genesisHash,
          slot: context.ledger.slot,
          methods: SOLANA_LOCAL_METHODS,
          subscriptions: SUBSCRIPTION_METHODS,
        });
        return;
      }
      if (req.method !== "POST") {
        res.setHeader("allow", "GET, POST, OPTIONS");
        send(res, 405, errorResponse(null, RPC_ERROR.invalidRequest, "Use POST for JSON-RPC requests"));
        return;
      }
      const declared = Number(req.headers["content-length"] ?? 0);
      const body = declared > MAX_BODY_BYTES ? "too large" : await readBody(req);
      if (body === "too large") {
        res.setHeader("connection", "close");
        send(
          res,
          413,
          errorResponse(null, RPC_ERROR.invalidRequest, `Request body too large: the limit is ${MAX_BODY_BYTES} bytes`),
        );
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString("utf8"));
      } catch {
        send(res, 200, errorResponse(null, RPC_ERROR.parseError, "Parse error: the body is not valid JSON"));
        return;
      }
      const answer = await handleBody(parsed, { ...context });
      if (answer === undefined) {
        res.writeHead(204);
        res.end();
        return;
      }
      send(res, 200, answer);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      send(res, 500, errorResponse(null, RPC_ERROR.internalError, `Internal error: ${message}`));
    }
  };
}

/** Listen on host:port (port 0 = any free port); JSON-RPC over HTTP and subscriptions over WebSocket, same port. */
export function listen(
  context: MethodContext,
  options: { port: number; host: string },
): Promise<{ server: Server; url: string; wsUrl: string; close(): Promise<void> }> {
  const handler = createRpcHandler(context);
  const server = createServer((req, res) => {
    void handler(req, res);
  });
  server.keepAliveTimeout = 5_000;
  const upgraded = new Set<Duplex>();
  server.on("upgrade", (req, socket, head) => {
    socket.on("error", () => socket.destroy());
    const connection = acceptWebSocket(req, socket, head);
    if (!connection) return;
    upgraded.add(socket);
    connection.onClose(() => upgraded.delete(socket));
    serveSubscriptions(connection, context);
  });
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
      upgraded.clear();
    });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      const { port } = server.address() as AddressInfo;
      const host = options.host.includes(":") ? `[${options.host}]` : options.host;
      resolve({ server, url: `http://${host}:${port}`, wsUrl: `ws://${host}:${port}`, close });
    });
  });
}
