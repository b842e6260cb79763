import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { testDatabase } from "../testing/testDatabase.js";

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
      RATE_LIMIT_MAX: "3",
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
    const failed = await app.inject({ url: "/health", headers: { cookie: "fundament_session=cookie-value" } });
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
  });

  it("limits the request rate with a JSON 429", async () => {
    let last = await app.inject("/health/live");
    for (let i = 0; i < 5 && last.statusCode !== 429; i++) last = await app.inject("/health/live");
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toMatch(/^Too many requests: at most 3 per/);
  });
});
