import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { call } from "./testing.js";

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));

describe("main.ts", () => {
  it("prints its URL, serves, and exits 0 on SIGTERM", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
      env: { ...process.env, SOLANA_RPC_HOST: "127.0.0.1", SOLANA_RPC_PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = "";
        const timer = setTimeout(() => reject(new Error(`no URL printed; output: ${output}`)), 20_000);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Solana RPC \(LiteSVM\) on (http:\/\/\S+)/.exec(output);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        };
        child.stdout.on("data", read);
        child.stderr.on("data", read);
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await call(url, "getHealth")).result).toBe("ok");
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("refuses a bad port with a plain message", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
      env: { ...process.env, SOLANA_RPC_PORT: "not-a-port" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
    expect(code).toBe(1);
    expect(errors).toContain(
      'The Solana RPC could not start: SOLANA_RPC_PORT must be a port number (0–65535), got "not-a-port"',
    );
  });
});
