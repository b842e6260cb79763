// @ts-check
/**
 * `startApi` on a busy machine: it waits for a live API that is slow to answer, saying so with the log's last line,
 * and when the API dies while starting, or stays silent past the limit, the error carries the end of its log.
 * A stand-in API (a small server in `src/main.ts`, started as the stack starts the real one) plays each case.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { freePort } from "@fundament/test-chain";
import { ROOT } from "./paths.mjs";
import { startApi } from "./stack.mjs";

const dirs = /** @type {string[]} */ ([]);
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in API folder whose `src/main.ts` is `source`. @param {string} source */
function standIn(source) {
  // Inside the repository, so that `node --import tsx` finds tsx as it does for the real API.
  mkdirSync(join(ROOT, "node_modules", ".cache"), { recursive: true });
  const dir = mkdtempSync(join(ROOT, "node_modules", ".cache", "fundament-start-api-"));
  dirs.push(dir);
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "main.ts"), source);
  return dir;
}

/** A server that prints `lines`, then listens on API_PORT after `delayMs`. @param {number} delayMs */
const slowServer = (delayMs) => `
import { createServer } from "node:http";
console.log("migrating the database");
setTimeout(() => {
  console.log("listening");
  createServer((_req, res) => res.end("ok")).listen(Number(process.env.API_PORT), "127.0.0.1");
}, ${delayMs});
`;

describe("startApi", { timeout: 60_000 }, () => {
  test("waits for a slow API while it is alive and says so, with its log's last line", async () => {
    const lines = /** @type {string[]} */ ([]);
    const dataDir = mkdtempSync(join(tmpdir(), "fundament-start-api-data-"));
    dirs.push(dataDir);
    const api = await startApi({
      host: "127.0.0.1",
      port: await freePort(),
      dataDir,
      env: {},
      log: (line) => lines.push(line),
      apiDir: standIn(slowServer(2_500)),
      heartbeatMs: 1_000,
      startLimitMs: 30_000,
    });
    await api.stop();
    assert.ok(lines.length >= 1, "at least one heartbeat");
    assert.match(lines[0] ?? "", /^ {2}API still starting… \d+ s \(its log: migrating the database\)$/);
  });

  test("an API that dies while starting: the error carries the end of its log", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fundament-start-api-data-"));
    dirs.push(dataDir);
    await assert.rejects(
      startApi({
        host: "127.0.0.1",
        port: await freePort(),
        dataDir,
        env: {},
        apiDir: standIn('console.error("DATABASE_URL is not a URL"); process.exit(3);'),
      }),
      /the API stopped while starting\. The end of .*api\.log:\n.*DATABASE_URL is not a URL/s,
    );
  });

  test("an API alive but silent past the limit is stopped, and the error says so", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fundament-start-api-data-"));
    dirs.push(dataDir);
    await assert.rejects(
      startApi({
        host: "127.0.0.1",
        port: await freePort(),
        dataDir,
        env: {},
        apiDir: standIn(slowServer(60_000)),
        heartbeatMs: 500,
        startLimitMs: 2_000,
      }),
      /the API was alive but did not answer .*\/health within 2 s\. The end of .*api\.log:\nmigrating the database/s,
    );
  });
});
