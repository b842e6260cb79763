import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordRun } from "../jobs/syncState.js";
import { jobFreshness, staleAfterMs } from "../routes/health.helpers.js";
import { type TestApp, testApp } from "../testing/testApp.js";

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ ADMIN_TOKEN: "admin-secret", METRICS_TOKEN: "metrics-secret", RATE_LIMIT_MAX: "100000" });
});
afterAll(() => t.close());

const scrape = async (token = "metrics-secret") =>
  t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${token}` } });

/** The value of one sample line of the exposition. */
const sample = (text: string, line: string) => {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe("/metrics", () => {
  it("needs the metrics or the admin bearer token", async () => {
    expect((await t.app.inject("/metrics")).statusCode).toBe(401);
    expect((await scrape("wrong")).json().error).toBe("A valid metrics bearer token is required");
    expect((await scrape("admin-secret")).statusCode).toBe(200);
    const disabled = await testApp({});
    try {
      const response = await disabled.app.inject({ url: "/metrics", headers: { authorization: "Bearer x" } });
      expect(response.json().error).toBe("Metrics are disabled: METRICS_TOKEN is not configured");
    } finally {
      await disabled.close();
    }
  });

  it("counts requests by route pattern and status, with latency buckets, and the process metrics", async () => {
    const before =
      sample(
        (await scrape()).body,
        'http_request_duration_seconds_count{method="GET",route="/health/live",status_code="200"}',
      ) ?? 0;
    for (let i = 0; i < 3; i++) await t.app.inject("/health/live");
    await t.app.inject("/v1/account/nope/history");
    await t.app.inject("/no/such/route");
    const response = await scrape();
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/health/live",status_code="200"}'),
    ).toBe(before + 3);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/v1/account/:address/history",status_code="400"}',
      ),
    ).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(
      1,
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/health/live",status_code="200"}',
    );
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).not.toContain("/no/such/route");
  });

  it("gives each job's lag, last success and last error time from sync_state", async () => {
    const success = new Date(Date.now() - 120_000);
    await recordRun(t.database.db, "bybit:deposits", undefined, success);
    const failure = new Date(Date.now() - 30_000);
    await recordRun(t.database.db, "bybit:equity", undefined, success);
    await recordRun(
      t.database.db,
      "bybit:equity",
      "Bybit was unreachable at 2026-01-01T00:00:00.000Z: timeout",
      failure,
    );
    const text = (await scrape()).body;
    const lag = sample(text, 'fundament_job_lag_seconds{job="bybit:deposits"}') ?? 0;
    expect(lag).toBeGreaterThanOrEqual(120);
    expect(lag).toBeLessThan(120 + 60);
    expect(sample(text, 'fundament_job_last_success_timestamp_seconds{job="bybit:deposits"}')).toBe(
      success.getTime() / 1000,
    );
    expect(sample(text, 'fundament_job_last_error_timestamp_seconds{job="bybit:deposits"}')).toBe(0);
    expect(sample(text, 'fundament_job_last_error_timestamp_seconds{job="bybit:equity"}')).toBe(
      failure.getTime() / 1000,
    );
    expect(text).toContain("# TYPE fundament_job_lag_seconds gauge");
    expect(text).not.toContain("unreachable"); // error texts stay in /health for the admin
  });
});

describe("/health/ready and /health", () => {
  it("is ready on a migrated database, and answers 503 when a migration is missing", async () => {
    const ready = await t.app.inject("/health/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ok", database: "ok", migrations: "ok" });
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations`);
    const pending = await t.app.inject("/health/ready");
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ status: "unavailable", database: "ok", migrations: "pending" });
  });

  it("shows the public only freshness; the admin also sees the raw error and its public wording", async () => {
    await recordRun(
      t.database.db,
      "chain:1:token-transfers",
      "<html><body>502 Bad Gateway</body></html>\n at x (/src/a.ts:1:2)",
    );
    const anonymous = await t.app.inject("/health");
    expect(anonymous.body).not.toMatch(/html|Bad Gateway|\/src\/|unreachable/);
    expect(anonymous.json().jobs).toContainEqual({
      job: "chain:1:token-transfers",
      status: "failing",
      last_success_at: null,
    });
    // This app has no Bybit keys: its exchange jobs are not configured rather than failing.
    expect(anonymous.json().jobs).toContainEqual({
      job: "bybit:equity",
      status: "not_configured",
      last_success_at: expect.any(String),
    });
    const admin = (await t.app.inject({ url: "/health", headers: { authorization: "Bearer admin-secret" } })).json();
    const chain = admin.jobs.find((j: { job: string }) => j.job === "chain:1:token-transfers");
    expect(chain.last_error).toMatch(/^<html>/);
    expect(chain.public_error).toBe("The last run failed; the details are in the server log");
    const equity = admin.jobs.find((j: { job: string }) => j.job === "bybit:equity");
    expect(equity.public_error).toBe("Bybit was unreachable at 2026-01-01T00:00:00.000Z: timeout");
  });
});

describe("jobFreshness", () => {
  const now = Date.UTC(2026, 0, 1);
  it("is failing after an error, stale past three periods (at least a period and a minute), else ok", () => {
    const at = (ms: number) => new Date(now - ms);
    expect(staleAfterMs(300_000)).toBe(900_000);
    expect(staleAfterMs(5_000)).toBe(65_000);
    expect(jobFreshness({ lastSuccessAt: at(1000), lastErrorAt: at(0), lastError: "x" }, 300_000, now)).toBe("failing");
    expect(jobFreshness({ lastSuccessAt: at(899_000), lastErrorAt: null, lastError: null }, 300_000, now)).toBe("ok");
    expect(jobFreshness({ lastSuccessAt: at(901_000), lastErrorAt: null, lastError: null }, 300_000, now)).toBe(
      "stale",
    );
    expect(jobFreshness({ lastSuccessAt: null, lastErrorAt: null, lastError: null }, 300_000, now)).toBe("stale");
  });
});
