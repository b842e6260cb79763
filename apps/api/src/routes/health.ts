import type { FastifyPluginAsync } from "fastify";
import { checkBearer } from "../admin/checkBearer.js";
import { errorBody, publicError } from "../http/errors.js";
import type { Metrics } from "../http/metrics.js";
import { INSTANCE_RATE_LIMIT } from "../http/rateLimitStore.js";
import { checkReadiness, latestMigration } from "../http/readiness.js";
import { listSyncStates, type SyncStateRow } from "../jobs/syncState.js";
import { chainCursorBlock } from "../sync/chainCursor.js";
import type { RouteContext } from "./context.js";
import { jobFreshness } from "./health.helpers.js";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A job's cursor in words: exchange jobs store a time in ms, chain jobs a block number. */
function syncedPoint(job: string, cursor: string | null): string | null {
  if (cursor === null) return null;
  if (job.startsWith("chain:")) return `block ${chainCursorBlock(cursor)}`;
  const time = Number(cursor);
  return Number.isFinite(time) && Math.abs(time) <= 8.64e15 ? new Date(time).toISOString() : cursor;
}

/**
 * `GET /health/live` (bare), `GET /health/ready` (database and migrations; 503 when not ready), `GET /health`
 * (each job's freshness; with `Authorization: Bearer $ADMIN_TOKEN`, also cursors and error texts) and
 * `GET /metrics` (Prometheus; bearer METRICS_TOKEN or ADMIN_TOKEN).
 */
export function healthRoutes({ config, database }: RouteContext, metrics: Metrics): FastifyPluginAsync {
  const latest = latestMigration();
  const intervalOf = (job: string) =>
    job.startsWith("chain:")
      ? config.historyIntervalMs
      : job.startsWith("solana:")
        ? config.solana.snapshotIntervalMs
        : config.syncIntervalMs;
  // Without Bybit keys the exchange jobs have nothing to sync (the demo data stands in): that is not a failure.
  // Likewise the Solana snapshot without NFT_LENDING_WALLET and SOLANA_RPC_URL.
  const unconfigured = (job: string) =>
    (job.startsWith("bybit:") && !config.bybit.credentials) ||
    (job.startsWith("solana:") && !(config.solana.nftLendingWallet && config.solana.rpcUrl));
  const publicJob = (row: SyncStateRow, now: number) => ({
    job: row.job,
    status: unconfigured(row.job) ? ("not_configured" as const) : jobFreshness(row, intervalOf(row.job), now),
    last_success_at: iso(row.lastSuccessAt),
  });
  return async (app) => {
    app.get(
      "/health/live",
      {
        config: { rateLimit: INSTANCE_RATE_LIMIT },
        schema: { tags: ["health"], summary: "Liveness: answers without touching anything" },
      },
      () => ({ status: "ok" }),
    );
    app.get(
      "/health/ready",
      {
        config: { rateLimit: INSTANCE_RATE_LIMIT },
        schema: {
          tags: ["health"],
          summary: "Readiness: the database answers and every migration is applied (503 when not)",
        },
      },
      async (_request, reply) => {
        const readiness = await checkReadiness(database, latest);
        return reply.code(readiness.ready ? 200 : 503).send({
          status: readiness.ready ? "ok" : "unavailable",
          database: readiness.database,
          migrations: readiness.migrations,
        });
      },
    );
    app.get(
      "/health",
      {
        schema: {
          tags: ["health"],
          summary:
            "The database and each sync job's freshness (ok, stale, failing); cursors and error texts with the admin token",
        },
      },
      async (request, reply) => {
        const admin = checkBearer(request.headers.authorization, config.adminToken);
        let rows: SyncStateRow[];
        try {
          rows = await listSyncStates(database.db);
        } catch (error) {
          request.log.error({ err: error }, "health: the database did not answer");
          return reply.code(503).send({ status: "failing", database: "failing", jobs: [] });
        }
        const now = Date.now();
        const jobs = rows.map((row) => publicJob(row, now));
        const body = {
          status: jobs.every((job) => job.status === "ok" || job.status === "not_configured") ? "ok" : "degraded",
          database: "ok",
          exchange: { configured: Boolean(config.bybit.credentials) },
          chain: config.deployment
            ? { chainId: config.deployment.chainId, fund: config.deployment.investmentFund }
            : null,
          jobs,
        };
        if (!admin) return body;
        return {
          ...body,
          driver: database.driver,
          jobs: rows.map((row) => ({
            ...publicJob(row, now),
            cursor: row.cursor,
            last_synced_point: syncedPoint(row.job, row.cursor),
            last_run_at: iso(row.lastRunAt),
            last_error: row.lastError,
            last_error_at: iso(row.lastErrorAt),
            public_error: publicError(row.lastError),
          })),
        };
      },
    );
    app.get(
      "/metrics",
      {
        config: { rateLimit: INSTANCE_RATE_LIMIT },
        schema: {
          tags: ["health"],
          summary: "Prometheus metrics: requests, latencies, job lag, last errors, process (bearer METRICS_TOKEN)",
        },
      },
      async (request, reply) => {
        const tokens = [config.metricsToken, config.adminToken].filter(Boolean);
        if (tokens.length === 0)
          return reply.code(401).send(errorBody(401, "Metrics are disabled: METRICS_TOKEN is not configured"));
        if (!tokens.some((token) => checkBearer(request.headers.authorization, token)))
          return reply.code(401).send(errorBody(401, "A valid metrics bearer token is required"));
        const text = await metrics.render();
        return reply.type(metrics.contentType).send(text);
      },
    );
  };
}
