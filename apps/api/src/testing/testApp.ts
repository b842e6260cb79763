import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { ResponseCache } from "../http/responseCache.js";
import { type Driver, testDatabase } from "./testDatabase.js";

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  cache: ResponseCache;
  close(): Promise<void>;
};

/** The real app on a fresh migrated database, configured from `env` (quiet logs, no deployment file). */
export async function testApp(env: Record<string, string> = {}, driver: Driver = "pglite"): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: "silent", CHAIN_ID: "999", ...env });
  const database = await testDatabase(driver);
  const cache = new ResponseCache(config.cacheTtlMs);
  const app = await buildApp(config, { database, cache });
  await app.ready();
  return {
    app,
    database,
    config,
    cache,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
