// `npm start -w @fundament/api` (or `node --import tsx src/main.ts`): migrate, sync and serve until SIGTERM/SIGINT.
// The first line comes before the server's modules load (on a busy machine, compiling them takes a while), so a log
// that stays empty means the process never ran, not that it is slow.
const loadingSince = Date.now();
console.log(`API starting (pid ${process.pid}): loading its modules…`);
const { startServer } = await import("./exports/server.js");
console.log(`API modules loaded in ${((Date.now() - loadingSince) / 1000).toFixed(1)} s: migrating, then serving`);

/** How long a graceful shutdown may take before the process exits anyway (within a 30 s orchestrator grace). */
const SHUTDOWN_GRACE_MS = 20_000;

try {
  const server = await startServer();
  console.log(`API listening on ${server.url}`);
  let closing = false;
  // Graceful shutdown: stop taking requests and finish those in flight, stop the jobs at a safe point (their
  // leader locks are released), close the database (PGlite's folder lock with it), exit 0.
  // A log line must never stop the shutdown: when whoever read our output is gone, writing to it fails (EPIPE).
  const log = (level: "info" | "error", message: string) => {
    try {
      server.app.log[level](message);
    } catch {
      // nowhere to write to
    }
  };
  const shutdown = (reason: string) => {
    if (closing) return;
    closing = true;
    // The deadline first, so nothing below can leave the process running.
    const force = setTimeout(() => {
      log("error", `The shutdown took longer than ${SHUTDOWN_GRACE_MS} ms; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    log("info", `${reason}: shutting down`);
    server.close().then(
      () => {
        log("info", "stopped");
        process.exit(0);
      },
      (error: unknown) => {
        log("error", `The shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  // Started by `npm start`'s stack: a parent that died without stopping us (re-parented) means stop too.
  if (process.env.API_EXIT_WITH_PARENT === "1") {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid === parent) return;
      // Nobody reads our output any more: a write to it can block (pino retries a full pipe), so stop logging.
      server.app.log.level = "silent";
      shutdown("the process that started the API is gone");
    }, 1_000);
    watch.unref();
  }
} catch (error) {
  console.error(`The API could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
