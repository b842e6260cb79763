import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

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
    const health = await (await fetch(`${url}/health`)).json();
    expect(health.jobs.map((j: { last_error: string }) => j.last_error)).toContain("Bybit API keys are not configured");

    const exited = new Promise<number | null>((resolve) => child?.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output.match(/API listening on/g)).toHaveLength(1);
    expect(output).not.toContain("only-half-the-keys");
  });
});
