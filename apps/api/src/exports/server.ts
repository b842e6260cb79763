// The public API of @fundament/api for scripts (e.g. scripts/start.mjs), listed explicitly.
import { mkdirSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import { type Database, openDatabase } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { seedDemoIfEmpty } from "../demo/seed.js";
import { ResponseCache } from "../http/responseCache.js";
import { startSolanaSnapshots } from "../solana/startSolanaSnapshots.js";
import { startSyncJobs } from "../sync/startSyncJobs.js";

export { type AppDeps, buildApp } from "../app.js";
export { type Config, ConfigError, envSchema, loadConfig } from "../config.js";
export { type Database, type Db, openDatabase } from "../db/client.js";
export { MIGRATIONS_DIR, migrate } from "../db/migrate.js";
export { type SeedDemoParameters, type SeedDemoReturnType, seedDemo, seedDemoIfEmpty } from "../demo/seed.js";

export type StartServerParameters = {
  /** Overrides API_PORT (0 for a free port). */
  port?: number;
  /** Overrides API_HOST. */
  host?: string;
  /** The environment to read the configuration from (process.env by default). */
  env?: Record<string, string | undefined>;
  /** Run the sync jobs (default true). */
  sync?: boolean;
  /** Registers `GET /bench/bare`. */
  benchRoute?: boolean;
};

export type RunningServer = {
  url: string;
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** Stops taking requests, finishes those in flight and stops the jobs at a safe point (releasing their locks), then closes the database. */
  close(): Promise<void>;
};

/** Opens and migrates the database, seeds demo data when asked, starts the sync jobs and listens. */
export async function startServer({
  port,
  host,
  env = process.env,
  sync = true,
  benchRoute = false,
}: StartServerParameters = {}): Promise<RunningServer> {
  const loaded = loadConfig(env);
  const config: Config = { ...loaded, port: port ?? loaded.port, host: host ?? loaded.host };
  if (!config.databaseUrl && config.pgliteDir !== "memory://") mkdirSync(config.pgliteDir, { recursive: true });
  const databaseLog = pino({ level: config.logLevel, name: "database" });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    timeouts: config.databaseTimeouts,
    log: (details, message) => databaseLog.warn(details, message),
  });
  try {
    await migrate(database);
    if (config.demoData) await seedDemoIfEmpty(database.db);
    const cache = new ResponseCache(config.cacheTtlMs);
    const tokens = new Map();
    const app = await buildApp(config, { database, cache, tokens, benchRoute });
    const scheduler = sync
      ? await startSyncJobs({ config, db: database.db, cache, tokens, log: app.log })
      : { stop: async () => {} };
    const solanaSnapshots = sync
      ? startSolanaSnapshots({ config, db: database.db, cache, log: app.log })
      : { stop: async () => {} };
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const actualPort = typeof address === "object" && address ? address.port : config.port;
    const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${actualPort}`;
    return {
      url,
      app,
      config,
      database,
      async close() {
        // Stop taking requests and finish those in flight, while the jobs stop at a safe point and release
        // their locks; then close the database.
        await Promise.all([app.close(), scheduler.stop(), solanaSnapshots.stop()]);
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
