// @ts-check
/**
 * A throwaway PostgreSQL server for the API's database tests (`DATABASE_URL_TEST`): Debian's
 * `postgresql` package (installed with apt-get when missing, as root or through passwordless
 * sudo), a fresh cluster in a temporary folder, trust authentication on 127.0.0.1, a free port.
 * Postgres refuses to run as root, so as root the cluster belongs to the package's `postgres` user.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@fundament/test-chain";

const PG_ROOT = "/usr/lib/postgresql";

/** @returns {string | undefined} the newest installed server's bin folder */
function findBin() {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], "bin") : undefined;
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** @param {{ quiet?: boolean }} [options] */
export function ensurePostgresInstalled({ quiet = false } = {}) {
  const found = findBin();
  if (found) return found;
  const prefix = isRoot ? [] : ["sudo", "-n"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  /** @param {string[]} args */
  const run = (args) => {
    const [command, ...rest] = [...prefix, ...args];
    return spawnSync(/** @type {string} */ (command), rest, { stdio: quiet ? "ignore" : "inherit", env }).status ?? 1;
  };
  if (!quiet) console.log("› PostgreSQL is missing: installing Debian's postgresql with apt-get");
  if (run(["apt-get", "install", "-y", "--no-install-recommends", "postgresql"]) !== 0) {
    run(["apt-get", "update"]);
    run(["apt-get", "install", "-y", "--no-install-recommends", "postgresql"]);
  }
  const bin = findBin();
  if (!bin) throw new Error("could not install PostgreSQL (apt-get install postgresql)");
  return bin;
}

/**
 * @typedef {object} TestPostgres
 * @property {string} url postgres://… of an empty database
 * @property {() => Promise<void>} stop stops the server and removes its folder
 */

/** @returns {Promise<TestPostgres>} */
export async function startTestPostgres() {
  const bin = ensurePostgresInstalled({ quiet: true });
  const dir = mkdtempSync(join(tmpdir(), "fundament-pg-"));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, "data");
  const port = await freePort();
  /** @param {string} command @param {string[]} args */
  const as = (command, args) => (isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args]);

  const [initCmd, initArgs] = as(join(bin, "initdb"), ["-D", dataDir, "-U", "fundament", "--auth=trust", "-E", "UTF8"]);
  const init = spawnSync(/** @type {string} */ (initCmd), /** @type {string[]} */ (initArgs), { encoding: "utf8" });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const [pgCmd, pgArgs] = as(join(bin, "postgres"), [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    "-k",
    dir,
    "-c",
    "fsync=off",
  ]);
  const child = spawn(/** @type {string} */ (pgCmd), /** @type {string[]} */ (pgArgs), { stdio: "ignore" });
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => child.once("exit", () => resolve()));
  const ready = join(bin, "pg_isready");
  const deadline = Date.now() + 30_000;
  while (spawnSync(ready, ["-h", "127.0.0.1", "-p", String(port)]).status !== 0) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
      throw new Error("PostgreSQL did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const created = spawnSync(join(bin, "createdb"), [
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    "-U",
    "fundament",
    "fundament_test",
  ]);
  if (created.status !== 0) throw new Error(`createdb failed: ${created.stderr}`);
  return {
    url: `postgres://fundament@127.0.0.1:${port}/fundament_test`,
    stop: async () => {
      // As root the child is `runuser`, which does not pass a signal on to the server: ask the server itself.
      const [stopCmd, stopArgs] = as(join(bin, "pg_ctl"), ["stop", "-D", dataDir, "-m", "fast", "-w", "-t", "10"]);
      spawnSync(/** @type {string} */ (stopCmd), /** @type {string[]} */ (stopArgs), { stdio: "ignore" });
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
