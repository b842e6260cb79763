import type { FastifyReply } from "fastify";
import type { ResponseCache } from "./responseCache.js";

/** Answers from the cache when it holds `key`, else builds, serializes, stores and sends the body. */
export async function sendCached(
  reply: FastifyReply,
  cache: ResponseCache,
  key: string,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  let body = cache.get(key);
  if (body === undefined) {
    body = JSON.stringify(await build());
    cache.set(key, body);
  }
  return reply.type("application/json; charset=utf-8").send(body);
}
