import type { FastifyPluginAsync } from "fastify";
import { listSyncStates } from "../sync/syncState.js";
import type { RouteContext } from "./context.js";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A job's cursor in words: exchange jobs store a time in ms, chain jobs a block number. */
function syncedPoint(job: string, cursor: string | null): string | null {
  if (cursor === null) return null;
  if (job.startsWith("chain:")) return `block ${cursor}`;
  const time = Number(cursor);
  return Number.isFinite(time) ? new Date(time).toISOString() : cursor;
}

/** `GET /health` (what was synced last, when, the last error per job) and `GET /health/live` (bare). */
export function healthRoutes({ config, database }: RouteContext): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/health/live",
      { schema: { tags: ["health"], summary: "Liveness: answers without touching anything" } },
      () => ({
        status: "ok",
      }),
    );
    app.get(
      "/health",
      {
        schema: {
          tags: ["health"],
          summary: "The database driver and each sync job's last synced point, run and error",
        },
      },
      async () => {
        const jobs = await listSyncStates(database.db);
        return {
          status: "ok",
          database: database.driver,
          exchange: { configured: Boolean(config.bybit.credentials) },
          chain: config.deployment
            ? { chainId: config.deployment.chainId, fund: config.deployment.investmentFund }
            : null,
          jobs: jobs.map((row) => ({
            job: row.job,
            last_synced_point: syncedPoint(row.job, row.cursor),
            last_run_at: iso(row.lastRunAt),
            last_success_at: iso(row.lastSuccessAt),
            last_error: row.lastError,
            last_error_at: iso(row.lastErrorAt),
          })),
        };
      },
    );
  };
}
