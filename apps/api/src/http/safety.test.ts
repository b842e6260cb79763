import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { siweNonces } from "../db/schema.js";
import { testDatabase } from "../testing/testDatabase.js";
import { serializeError } from "./logger.js";

describe("no secret or stack trace in responses and log lines", () => {
  const lines: string[] = [];
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const config = loadConfig({
      LOG_LEVEL: "debug",
      CHAIN_ID: "999",
      ADMIN_TOKEN: "admin-secret-token",
      BYBIT_API_KEY: "bybit-key-value",
      BYBIT_API_SECRET: "bybit-secret-value",
      RATE_LIMIT_MAX: "6",
    });
    database = await testDatabase();
    app = await buildApp(config, { database, logStream: { write: (line) => lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it("redacts credentials and logs failures as type and message only", async () => {
    await app.inject({
      method: "POST",
      url: "/admin/nft-lending/snapshots",
      headers: { authorization: "Bearer admin-secret-token", cookie: "fundament_session=cookie-value" },
      payload: [{ timestamp: 1, total_sol_value: 1 }],
    });
    await database.close(); // every query fails from here on
    const failed = await app.inject({ url: "/auth/session", headers: { cookie: "fundament_session=cookie-value" } });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      statusCode: 500,
      error: "The server could not answer this request",
      message: "The server could not answer this request",
    });
    const log = lines.join("");
    expect(log).toContain('"msg":"request failed"');
    for (const secret of ["admin-secret-token", "cookie-value", "bybit-key-value", "bybit-secret-value"]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/"stack"|\n\s+at /);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    // Health and readiness say the database is failing, without its error text.
    const health = await app.inject("/health");
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: "failing", database: "failing", jobs: [] });
    const ready = await app.inject("/health/ready");
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "unavailable", database: "failing", migrations: "unknown" });
  });

  it("limits the request rate with a JSON 429", async () => {
    let last = await app.inject("/health/live");
    for (let i = 0; i < 10 && last.statusCode !== 429; i++) last = await app.inject("/health/live");
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toMatch(/^Too many requests: at most 6 per/);
  });

  it("counts 404s against the limit too: probing for paths is refused with a JSON 429", async () => {
    const probe = (i: number) => app.inject({ url: `/no-such-path-${i}`, remoteAddress: "198.51.100.7" });
    const first = await probe(0);
    expect(first.statusCode).toBe(404);
    expect(first.json().message).toBe("Route not found: GET /no-such-path-0");
    expect(first.headers["x-ratelimit-limit"]).toBe("6");
    let last = first;
    for (let i = 1; i < 10 && last.statusCode !== 429; i++) last = await probe(i);
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toMatch(/^Too many requests: at most 6 per/);
  });
});

describe("a database error in a log line", () => {
  it("keeps the database's own code, message and detail and the SQL, never the parameters or a stack", async () => {
    const database = await testDatabase();
    try {
      await database.db.insert(siweNonces).values({ nonce: "user-input-abc", expiresAt: new Date() });
      const error = await database.db
        .insert(siweNonces)
        .values({ nonce: "user-input-abc", expiresAt: new Date() })
        .then(() => undefined)
        .catch((caught: unknown) => caught);
      const logged = serializeError(error);
      expect(logged).toMatchObject({
        message: "Failed query",
        query: expect.stringMatching(/^insert into "siwe_nonces"/),
        cause: { code: "23505", constraint: "siwe_nonces_pkey", message: expect.stringMatching(/duplicate key/) },
      });
      expect(JSON.stringify(logged)).not.toMatch(/"stack"|\n\s+at /);
      expect(logged.message).not.toContain("user-input-abc");
      expect(logged.query).not.toContain("user-input-abc");
    } finally {
      await database.close();
    }
  });
});

describe("the rate limit behind a load balancer (TRUST_PROXY)", () => {
  it("counts each client of X-Forwarded-For, not the balancer", async () => {
    const config = loadConfig({ LOG_LEVEL: "silent", CHAIN_ID: "999", RATE_LIMIT_MAX: "2", TRUST_PROXY: "127.0.0.1" });
    const database = await testDatabase();
    const app = await buildApp(config, { database });
    try {
      const from = (client: string) =>
        app.inject({ url: "/health/live", remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": client } });
      expect((await from("203.0.113.1")).statusCode).toBe(200);
      expect((await from("203.0.113.1")).statusCode).toBe(200);
      expect((await from("203.0.113.1")).statusCode).toBe(429);
      expect((await from("203.0.113.2")).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("trusts a hop count: the client is the address the nearest proxy saw", async () => {
    const config = loadConfig({ LOG_LEVEL: "silent", CHAIN_ID: "999", RATE_LIMIT_MAX: "1", TRUST_PROXY: "1" });
    const database = await testDatabase();
    const app = await buildApp(config, { database });
    try {
      const from = (chain: string) =>
        app.inject({ url: "/health/live", remoteAddress: "10.0.0.1", headers: { "x-forwarded-for": chain } });
      expect((await from("198.51.100.7, 203.0.113.1")).statusCode).toBe(200);
      expect((await from("198.51.100.8, 203.0.113.1")).statusCode).toBe(429);
      expect((await from("203.0.113.2")).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
