import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FolderLockedError } from "../fleet/folderLock.js";
import { openDatabase } from "./client.js";

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const postgresUrl = process.env.DATABASE_URL_TEST;

/** The rows of a raw `execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = async (result: Promise<unknown>) => ((await result) as { rows: unknown[] }).rows;

/** The database driver's own message under drizzle's "Failed query: …" wrapper. */
async function causeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : (error as Error).message;
  }
  throw new Error("expected the query to fail");
}

describe.skipIf(!postgresUrl)("PostgreSQL pool: no crash, no hang", () => {
  const url = postgresUrl ?? "";

  it("survives a terminated pooled connection (pg_terminate_backend): logged, and the pool serves the next query", async () => {
    const logged: { error: string; code?: string }[] = [];
    // A name of its own: vitest runs other test files in this same process (same pid), whose connections this
    // test must not terminate.
    const applicationName = `fundament-api-test:${randomUUID()}`;
    const database = await openDatabase({
      databaseUrl: url,
      applicationName,
      log: (details) => logged.push(details),
    });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Two connections idle in the pool.
      await Promise.all([database.db.execute(sql`SELECT 1`), database.db.execute(sql`SELECT pg_sleep(0.05)`)]);
      const terminated = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()",
        [applicationName],
      );
      const count = terminated.rowCount ?? 0;
      expect(count).toBeGreaterThanOrEqual(1);
      // Each terminated idle connection is reported (and dropped) once its socket hears the server; let every one
      // of them arrive before the next query picks a connection from the pool.
      const settled = async () => {
        let seen = -1;
        for (let i = 0; i < 100 && (logged.length < count || logged.length !== seen); i++) {
          seen = logged.length;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      await settled();
      expect(logged.length).toBeGreaterThanOrEqual(count);
      expect(logged[0]?.error).toMatch(/terminat/i);
      expect((await rowsOf(database.db.execute(sql`SELECT 42 AS answer`)))[0]).toEqual({ answer: 42 });
    } finally {
      await admin.end();
      await database.close();
    }
  });

  it("ends a statement past statement_timeout with an error instead of hanging", async () => {
    const database = await openDatabase({ databaseUrl: url, timeouts: { statementMs: 200 } });
    try {
      expect(await causeOf(database.db.execute(sql`SELECT pg_sleep(3)`))).toMatch(/statement timeout/);
      expect((await rowsOf(database.db.execute(sql`SELECT 1 AS one`)))[0]).toEqual({ one: 1 });
    } finally {
      await database.close();
    }
  });

  it("stops waiting for a query past query_timeout (a server that stopped answering)", async () => {
    const database = await openDatabase({
      databaseUrl: url,
      timeouts: { statementMs: 0, queryMs: 200 },
      log: () => {},
    });
    try {
      expect(await causeOf(database.db.execute(sql`SELECT pg_sleep(2)`))).toMatch(/Query read timeout/);
    } finally {
      await database.close();
    }
  });

  it("ends a transaction left idle past idle_in_transaction_session_timeout", async () => {
    const logged: string[] = [];
    const database = await openDatabase({
      databaseUrl: url,
      timeouts: { idleInTransactionMs: 200 },
      log: (details) => logged.push(details.error),
    });
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          await new Promise((resolve) => setTimeout(resolve, 800));
          await tx.execute(sql`SELECT 2`);
        }),
      ).rejects.toThrow();
      expect(logged.join(" ")).toMatch(/idle-in-transaction timeout|terminat/i);
      expect((await rowsOf(database.db.execute(sql`SELECT 1 AS one`)))[0]).toEqual({ one: 1 });
    } finally {
      await database.close();
    }
  });
});

describe("a database that does not answer", () => {
  let silent: Server;
  let port = 0;
  beforeAll(async () => {
    // Accepts connections and never says a word, like a hung server or a black-holed proxy.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    silent.close();
  });

  it("fails a query after connectionTimeoutMillis instead of hanging", async () => {
    const database = await openDatabase({
      databaseUrl: `postgres://x@127.0.0.1:${port}/x`,
      timeouts: { connectMs: 300 },
    });
    try {
      expect(await causeOf(database.db.execute(sql`SELECT 1`))).toMatch(/timeout/i);
    } finally {
      await database.close();
    }
  });
});

describe("the PGlite folder lock", () => {
  const root = mkdtempSync(join(tmpdir(), "fundament-api-lock-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("refuses a second open of the same folder with a clear message, and frees it on close", async () => {
    const folder = join(root, "two-opens");
    const first = await openDatabase({ pgliteDir: folder });
    expect(JSON.parse(readFileSync(`${folder}.lock`, "utf8")).pid).toBe(process.pid);
    await expect(openDatabase({ pgliteDir: folder })).rejects.toThrow(FolderLockedError);
    await expect(openDatabase({ pgliteDir: folder })).rejects.toThrow(
      `The database folder ${folder} is in use by process ${process.pid} on host `,
    );
    await first.db.execute(sql`CREATE TABLE kept (n int)`);
    await first.db.execute(sql`INSERT INTO kept VALUES (1)`);
    await first.close();
    expect(readFileSync(`${folder}.lock`, "utf8")).toBe(""); // the OS lock is gone with its descriptor
    const second = await openDatabase({ pgliteDir: folder });
    expect(await rowsOf(second.db.execute(sql`SELECT n FROM kept`))).toEqual([{ n: 1 }]);
    await second.close();
  });

  it("takes over a stale lock left by a dead process (kill -9)", async () => {
    const folder = join(root, "stale");
    const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    const deadPid = Number(dead.stdout.trim());
    expect(deadPid).toBeGreaterThan(0);
    writeFileSync(`${folder}.lock`, `${deadPid}\n`);
    const database = await openDatabase({ pgliteDir: folder });
    expect(JSON.parse(readFileSync(`${folder}.lock`, "utf8")).pid).toBe(process.pid);
    await database.close();
  });

  it("opens a folder through a symbolic link (PGlite alone fails with [object Object]), and says what is wrong with a bad one", async () => {
    const real = join(root, "real");
    const link = join(root, "link");
    mkdirSync(real);
    symlinkSync(real, link);
    const viaLink = await openDatabase({ pgliteDir: link });
    await viaLink.db.execute(sql`CREATE TABLE kept (n int)`);
    await viaLink.db.execute(sql`INSERT INTO kept VALUES (7)`);
    await expect(openDatabase({ pgliteDir: real })).rejects.toThrow(FolderLockedError);
    await viaLink.close();
    const viaFolder = await openDatabase({ pgliteDir: real });
    expect(await rowsOf(viaFolder.db.execute(sql`SELECT n FROM kept`))).toEqual([{ n: 7 }]);
    await viaFolder.close();
    const notADatabase = join(root, "not-a-database");
    mkdirSync(join(notADatabase, "base"), { recursive: true });
    writeFileSync(join(notADatabase, "PG_VERSION"), "not a version\n");
    const error = await openDatabase({ pgliteDir: notADatabase }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).not.toContain("[object Object]");
  });

  it("makes a second API process on the same folder refuse to start, naming the holder", async () => {
    const folder = join(root, "api");
    const held = await openDatabase({ pgliteDir: folder });
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
        cwd: API_DIR,
        env: { PATH: process.env.PATH, API_PORT: "0", PGLITE_DIR: folder, CHAIN_ID: "999", LOG_LEVEL: "warn" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr.on("data", (chunk) => {
        output += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(output).toContain(
        `The API could not start: The database folder ${folder} is in use by process ${process.pid}`,
      );
    } finally {
      await held.close();
    }
  }, 60_000);
});
