// `npm start -w @fundament/api` (or `node --import tsx src/main.ts`): migrate, sync and serve until SIGTERM/SIGINT.
import { startServer } from "./exports/server.js";

/** How long a graceful shutdown may take before the process exits anyway (within a 30 s orchestrator grace). */
const SHUTDOWN_GRACE_MS = 20_000;

try {
  const server = await startServer();
  console.log(`API listening on ${server.url}`);
  let closing = false;
  // Graceful shutdown: stop taking requests and finish those in flight, stop the jobs at a safe point (their
  // leader locks are released), close the database (PGlite's folder lock with it), exit 0.
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => {
      server.app.log.error(`The shutdown took longer than ${SHUTDOWN_GRACE_MS} ms; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close().then(
      () => {
        server.app.log.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        server.app.log.error({ error: error instanceof Error ? error.message : String(error) }, "The shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
} catch (error) {
  console.error(`The API could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
