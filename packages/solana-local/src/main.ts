// `node --import tsx src/main.ts` (or `npm start -w @fundament/solana-local`): serve the local Solana JSON-RPC
// on SOLANA_RPC_HOST:SOLANA_RPC_PORT (default 127.0.0.1:8899) until SIGTERM/SIGINT.
import { startSolanaLocal } from "./index.js";

/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 5_000;

function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === "") return 8899;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`SOLANA_RPC_PORT must be a port number (0–65535), got "${value}"`);
  }
  return port;
}

// A log line must never stop the shutdown: when whoever read our output is gone, writing to it fails (EPIPE).
function log(line: string, stream: NodeJS.WriteStream = process.stdout): void {
  try {
    stream.write(`${line}\n`);
  } catch {
    // nowhere to write to
  }
}

try {
  const host = process.env.SOLANA_RPC_HOST || "127.0.0.1";
  const port = portFromEnv(process.env.SOLANA_RPC_PORT);
  const local = await startSolanaLocal({ host, port });
  log(`Solana RPC (LiteSVM) on ${local.url}`);
  log(`genesis hash ${local.genesisHash} (chain id solana:${local.genesisHash.slice(0, 32)})`);
  log(`mUSDC mint ${local.mint.address}; dev accounts (1,000 SOL and 100,000 mUSDC each):`);
  for (const account of local.accounts) log(`  ${account.address}`);
  let closing = false;
  const shutdown = (reason: string) => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => {
      log(`The shutdown took longer than ${SHUTDOWN_GRACE_MS} ms; exiting anyway`, process.stderr);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    log(`${reason}: shutting down`);
    local.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`The shutdown failed: ${error instanceof Error ? error.message : String(error)}`, process.stderr);
        process.exit(1);
      },
    );
  };
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  // Started by `npm start`'s stack: a parent that died without stopping us (re-parented) means stop too.
  if (process.env.SOLANA_RPC_EXIT_WITH_PARENT === "1") {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid !== parent) shutdown("the process that started the Solana RPC is gone");
    }, 1_000);
    watch.unref();
  }
} catch (error) {
  const inUse = (error as { code?: string } | null)?.code === "EADDRINUSE";
  const reason = inUse
    ? `${process.env.SOLANA_RPC_HOST || "127.0.0.1"}:${process.env.SOLANA_RPC_PORT || 8899} is in use (SOLANA_RPC_PORT moves it)`
    : error instanceof Error
      ? error.message
      : String(error);
  log(`The Solana RPC could not start: ${reason}`, process.stderr);
  process.exit(1);
}
