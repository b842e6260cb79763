import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";
import type { Db } from "../db/client.js";
import { listSyncStates } from "../jobs/syncState.js";

/** Process metrics (CPU, memory, event-loop lag, handles), collected once per process and shared by every app. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Latency buckets in seconds: 1 ms to 10 s. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A route label: the matched route's pattern (`/v1/account/:address/history`), never the raw URL. */
export function routeLabel(pattern: string | undefined): string {
  return pattern ?? "unmatched";
}

export type Metrics = {
  /** The Prometheus text exposition (format 0.0.4) of the process, request and job metrics. */
  render(): Promise<string>;
  contentType: string;
};

/**
 * Prometheus metrics for one app: `http_request_duration_seconds` (histogram by method, route and status: its
 * `_count` is the request count), and per sync job, read from `sync_state` at each scrape,
 * `fundament_job_lag_seconds` (now − last success), `fundament_job_last_success_timestamp_seconds` and
 * `fundament_job_last_error_timestamp_seconds` (0 when the job has no error), plus the process metrics.
 */
export function createMetrics(app: FastifyInstance, db: Db, now: () => number = Date.now): Metrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request latency in seconds, by method, route pattern and status code",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    requests.observe(
      { method: request.method, route: routeLabel(request.routeOptions.url), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  return {
    contentType: registry.contentType,
    async render() {
      const jobs = await listSyncStates(db);
      const lines: string[] = [];
      const family = (name: string, help: string, values: [string, number][]) => {
        lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
        for (const [job, value] of values) lines.push(`${name}{job="${escapeLabel(job)}"} ${value}`);
      };
      const seconds = (date: Date | null) => (date ? date.getTime() / 1000 : 0);
      family(
        "fundament_job_lag_seconds",
        "Seconds since the job's last successful run (absent for a job that never succeeded)",
        jobs.filter((j) => j.lastSuccessAt).map((j) => [j.job, (now() - (j.lastSuccessAt?.getTime() ?? 0)) / 1000]),
      );
      family(
        "fundament_job_last_success_timestamp_seconds",
        "Unix time of the job's last successful run (0: never)",
        jobs.map((j) => [j.job, seconds(j.lastSuccessAt)]),
      );
      family(
        "fundament_job_last_error_timestamp_seconds",
        "Unix time of the job's current error (0: the last run succeeded)",
        jobs.map((j) => [j.job, seconds(j.lastErrorAt)]),
      );
      const merged = Registry.merge([processMetrics(), registry]);
      return `${await merged.metrics()}\n${lines.join("\n")}\n`;
    },
  };
}

/** Escapes a Prometheus label value (backslash, quote, newline). */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}
