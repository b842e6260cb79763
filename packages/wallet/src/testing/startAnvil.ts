import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export type Anvil = { rpcUrl: string; port: number; stop(): Promise<void> };

function findAnvil(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    for (const candidate of [
      join(dir, "node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil"),
      join(dir, "node_modules/@foundry-rs/anvil-linux-arm64/bin/anvil"),
      join(dir, "node_modules/.bin/anvil"),
    ]) {
      if (existsSync(candidate)) return candidate;
    }
    dir = resolve(dir, "..");
  }
  throw new Error("anvil not found: run npm install at the repository root");
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
    server.on("error", reject);
  });
}

/** Starts a real anvil (chain 31337) on a free local port, for tests. */
export async function startAnvil(): Promise<Anvil> {
  const port = await freePort();
  const child: ChildProcess = spawn(findAnvil(), ["--port", String(port), "--host", "127.0.0.1", "--silent"], {
    stdio: "ignore",
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const res = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error("anvil did not start");
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    rpcUrl,
    port,
    stop: () =>
      new Promise<void>((r) => {
        if (child.exitCode !== null) return r();
        child.once("exit", () => r());
        child.kill();
      }),
  };
}
