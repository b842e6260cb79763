// @ts-check
/** Spawning a local anvil node and waiting until it answers JSON-RPC. */
import { createServer } from "node:net";
import { startChildProcess } from "./childProcess.mjs";
import { foundryBin } from "./foundryBin.mjs";

/**
 * Whether nothing listens on `host:port`.
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<boolean>}
 */
export function isPortFree(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Ports this process has handed out, so two services of one stack never get the same one. */
const handedOut = new Set();

/**
 * A free port for a service about to listen on it. Picked at random below Linux's ephemeral range (32768-60999): a
 * port the OS hands out for `listen(0)` comes from that range, the same one every outgoing connection takes its local
 * port from, so between our check and the service's own `listen` a connection (to anvil, the API, …) could take it
 * (EADDRINUSE, seen in CI). Falls back to the OS's choice if no port in the low range is free.
 * @param {string} [host]
 * @returns {Promise<number>}
 */
export async function freePort(host = "127.0.0.1") {
  for (let attempt = 0; attempt < 64; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    if (await isPortFree(port, host)) {
      handedOut.add(port);
      return port;
    }
  }
  return ephemeralPort(host);
}

/**
 * A port the OS reports free right now (from its ephemeral range).
 * @param {string} host
 * @returns {Promise<number>}
 */
function ephemeralPort(host) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen({ port: 0, host }, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/**
 * Polls `eth_chainId` until the node answers.
 * @param {string} url
 * @param {{ timeoutMs?: number, isDead?: () => boolean }} [options]
 * @returns {Promise<number>} the chain id
 */
export async function waitForRpc(url, { timeoutMs = 20_000, isDead = () => false } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError = "";
  while (Date.now() < deadline) {
    if (isDead()) throw new Error("the node exited before answering");
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      const body = /** @type {{ result?: string }} */ (await response.json());
      if (body.result) return Number(body.result);
      lastError = JSON.stringify(body);
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no JSON-RPC answer from ${url} within ${timeoutMs} ms (${lastError})`);
}

/**
 * @typedef {object} AnvilOptions
 * @property {number} [port] default 8545
 * @property {string} [host] default 127.0.0.1
 * @property {number} [chainId] default 31337
 * @property {number} [timestamp] the genesis block's Unix time (anvil `--timestamp`); later blocks follow the
 *   wall clock from there. Default: now
 * @property {string} [logFile] append anvil's output here
 * @property {readonly string[]} [extraArgs]
 * @property {number} [stopTimeoutMs] how long `stop` waits after SIGTERM before SIGKILL; default 3 s (anvil writes a
 *   `--dump-state` file on exit: give it longer)
 */

/**
 * @typedef {object} Anvil
 * @property {string} url the JSON-RPC endpoint
 * @property {number} port
 * @property {number} chainId
 * @property {import("node:child_process").ChildProcess} child
 * @property {Promise<number | null>} exited resolves with the exit code when anvil exits
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after `stopTimeoutMs`
 */

/**
 * Starts anvil and resolves once it answers JSON-RPC. Fails clearly when the port is taken.
 * anvil is killed when this process exits.
 * @param {AnvilOptions} [options]
 * @returns {Promise<Anvil>}
 */
export async function startAnvil({
  port = 8545,
  host = "127.0.0.1",
  chainId = 31337,
  timestamp,
  logFile,
  extraArgs = [],
  stopTimeoutMs = 3000,
} = {}) {
  if (!(await isPortFree(port, host))) {
    throw new Error(
      `port ${host}:${port} is already in use: stop whatever listens there (another \`npm start\`?) or set ANVIL_PORT`,
    );
  }
  // A larger code-size limit than EIP-170's 24,576 bytes: the SDK reads through viem's deployless multicall on this
  // chain (it has no Multicall3), whose aggregator returns every result as its "deployed code", so a page of pool reads
  // (each `getPoolInfo` about 1 KiB) would otherwise fail once a fund has a dozen pools. The fund's own contracts are
  // held to EIP-170 by `npm run lint` (`forge build --sizes`), not by this chain.
  const args = ["--host", host, "--port", String(port), "--chain-id", String(chainId), "--code-size-limit", "262144"];
  if (timestamp !== undefined) args.push("--timestamp", String(Math.floor(timestamp)));
  args.push(...extraArgs);
  const { child, exited, isDead, output, stop } = startChildProcess({
    command: foundryBin("anvil"),
    args,
    ...(logFile ? { logFile } : {}),
    stopTimeoutMs,
  });

  const url = `http://${host}:${port}`;
  try {
    const actual = await waitForRpc(url, { isDead });
    if (actual !== chainId) throw new Error(`anvil answered chain id ${actual}, expected ${chainId}`);
  } catch (error) {
    await stop();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`anvil failed to start on ${url}: ${message}\n${output().trim()}`);
  }
  return { url, port, chainId, child, exited, stop };
}
