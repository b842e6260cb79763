import type { FastifyReply } from "fastify";
import type { ResponseCache } from "./responseCache.js";

/**
 * Sends the JSON text of `key`: from the cache when it holds it, else from `build()` (the serialized body),
 * built once for all concurrent requests of the key and then stored.
 */
export async function sendCached(
  reply: FastifyReply,
  cache: ResponseCache,
  key: string,
  build: () => Promise<string>,
): Promise<FastifyReply> {
  const body = await cache.getOrBuild(key, build);
  return reply.type("application/json; charset=utf-8").send(body);
}
