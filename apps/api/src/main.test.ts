import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/client.js";
import { exchangeTransfers } from "./db/schema.js";
import { FolderLockedError, lockFolder } from "./fleet/folderLock.js";
import { getSyncState, JOBS } from "./jobs/syncState.js";
import { DAY, makeDeposits, startFakeBybit } from "./testing/fakeBybit.js";

/** Whether a process holds the PGlite folder's lock (the OS lock: its file stays, empty, when it is freed). */
function isLocked(folder: string): boolean {
  try {
    lockFolder(folder).release();
    return false;
  } catch (error) {
    if (error instanceof FolderLockedError) return true;
    throw error;
  }
}

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("src/main.ts as the lead's scripts start it (node --import tsx)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "fundament-api-main-"));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrates, seeds demo data, prints one listening line, serves, and exits cleanly on SIGTERM", async () => {
    child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH,
        API_PORT: "0",
        PGLITE_DIR: join(dataDir, "api-pglite"),
        DEMO_DATA: "1",
        CHAIN_ID: "999",
        LOG_LEVEL: "warn",
        BYBIT_API_SECRET: "only-half-the-keys",
        ADMIN_TOKEN: "main-test-admin",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line: ${output}`)), 60_000);
      child?.stdout?.on("data", () => {
        const match = /API listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    const futures = await (await fetch(`${url}/futures/performance`)).json();
    expect(futures.performance_records).toHaveLength(180);
    const health = await (
      await fetch(`${url}/health`, { headers: { authorization: "Bearer main-test-admin" } })
    ).json();
    expect(health.jobs.map((j: { last_error: string }) => j.last_error)).toContain("Bybit API keys are not configured");

    const exited = new Promise<number | null>((resolve) => child?.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output.match(/API listening on/g)).toHaveLength(1);
    expect(output).not.toContain("only-half-the-keys");
  });
});

describe("graceful shutdown of src/main.ts", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "fundament-api-shutdown-"));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("on SIGTERM finishes the request in flight and stops the sync at a safe point, then exits 0", async () => {
    const fake = await startFakeBybit();
    const now = Date.now();
    fake.deposits = makeDeposits(600, now - 300 * DAY, now - DAY);
    fake.delayMs = 150;
    const pgliteDir = join(dataDir, "api-pglite");
    try {
      child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
        cwd: API_DIR,
        env: {
          PATH: process.env.PATH,
          API_PORT: "0",
          PGLITE_DIR: pgliteDir,
          CHAIN_ID: "999",
          LOG_LEVEL: "info",
          BYBIT_API_KEY: fake.apiKey,
          BYBIT_API_SECRET: fake.secret,
          BYBIT_BASE_URL: fake.url,
          BYBIT_SYNC_START: String(now - 301 * DAY),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout?.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child?.once("exit", (code) => resolve(code)));
      const url = await new Promise<URL>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line: ${output}`)), 60_000);
        child?.stdout?.on("data", () => {
          const match = /API listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(new URL(match[1]));
          }
        });
      });
      // The sync is running: a few deposit pages asked for, many more to come.
      const deposits = () => fake.requests.filter((r) => r.path === "/v5/asset/deposit/query-record").length;
      while (deposits() < 3) await new Promise((resolve) => setTimeout(resolve, 50));

      // A request in flight: its body is half sent when SIGTERM arrives.
      const body = JSON.stringify({ message: "not a SIWE message", signature: "0x00" });
      const answered = new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: "/auth/verify",
            method: "POST",
            headers: {
              "content-type": "application/json",
              "content-length": Buffer.byteLength(body),
            },
          },
          (response) => {
            response.resume();
            response.once("end", () => resolve(response.statusCode ?? 0));
          },
        );
        req.once("error", reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          child?.kill("SIGTERM");
          setTimeout(() => req.end(body.slice(10)), 300);
        }, 200);
      });
      expect(await answered).toBe(400); // answered by the app, not cut off
      expect(await exited).toBe(0);
      expect(output).toMatch(/SIGTERM: shutting down/);
      const asked = deposits();
      expect(asked).toBeLessThan(30); // stopped part-way, not after the whole history

      // The database was closed (its folder lock released) with a consistent cursor: every deposit up to it is
      // stored, none past it, and the unfinished run is not recorded as a success.
      expect(isLocked(pgliteDir)).toBe(false);
      const database = await openDatabase({ pgliteDir });
      try {
        const state = await getSyncState(database.db, JOBS.deposits);
        expect(state?.lastSuccessAt ?? null).toBeNull();
        const cursor = Number(state?.cursor ?? 0);
        const rows = await database.db
          .select({ id: exchangeTransfers.id })
          .from(exchangeTransfers)
          .where(and(eq(exchangeTransfers.kind, "deposit"), eq(exchangeTransfers.source, "bybit")));
        const expected = fake.deposits.filter((row) => Number(row.successAt) <= cursor).map((row) => row.id);
        expect(new Set(rows.map((row) => row.id))).toEqual(new Set(expected));
        console.log(
          `graceful shutdown: ${asked} deposit pages asked, ${rows.length} of ${fake.deposits.length} deposits stored up to the cursor`,
        );
      } finally {
        await database.close();
      }
    } finally {
      await fake.stop();
    }
  }, 120_000);
});

describe("src/main.ts started by npm start's stack (API_EXIT_WITH_PARENT=1)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "fundament-api-orphan-"));
  let parent: ChildProcess | undefined;
  let apiPid: number | undefined;
  afterAll(() => {
    parent?.kill("SIGKILL");
    if (apiPid) {
      try {
        process.kill(apiPid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shuts down and frees the PGlite folder when the process that started it is killed", async () => {
    const pgliteDir = join(dataDir, "api-pglite");
    // A stand-in for the stack: starts the API with piped output (as stack.mjs does), prints its pid, then waits.
    const script = `
      const { spawn } = require("node:child_process");
      const api = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
        cwd: ${JSON.stringify(API_DIR)},
        env: { PATH: process.env.PATH, API_PORT: "0", PGLITE_DIR: ${JSON.stringify(pgliteDir)}, CHAIN_ID: "999",
               LOG_LEVEL: "info", API_EXIT_WITH_PARENT: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      api.stdout.on("data", (d) => { if (/API listening on/.test(String(d))) console.log("api pid " + api.pid); });
      setInterval(() => {}, 1000);
    `;
    parent = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    apiPid = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the API did not start: ${output}`)), 60_000);
      parent?.stdout?.on("data", (chunk) => {
        output += chunk;
        const match = /api pid (\d+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    expect(isLocked(pgliteDir)).toBe(true);
    // The stack dies without stopping its children (a crash, kill -9): the API's output pipe has no reader now.
    parent.kill("SIGKILL");
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    // Generous: on a loaded 2-core CI machine the orphan's shutdown once took longer than 30 s.
    const deadline = Date.now() + 90_000;
    while (alive(apiPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(alive(apiPid)).toBe(false);
    expect(isLocked(pgliteDir)).toBe(false);
  }, 180_000);
});
