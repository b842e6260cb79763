// @ts-check
/**
 * Installs the workspace dependencies when they are missing or stale, so that `npm start` and
 * `npm test` work on a fresh clone. Imports only Node built-ins: it runs before anything else
 * is installed.
 *
 * "Stale" means npm's own record of the installed tree (`node_modules/.package-lock.json`,
 * written at the end of every install) is older than `package-lock.json`. With a lockfile the
 * install is `npm ci` (exact, reproducible); without one it is `npm install`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./paths.mjs";

/**
 * @param {string} file
 * @returns {number | undefined} modification time in ms, or undefined when the file is missing
 */
function mtime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : undefined;
}

/**
 * Why the dependencies need installing, or undefined when they are up to date.
 * @param {string} [root]
 * @returns {string | undefined}
 */
export function depsOutdatedReason(root = ROOT) {
  const installed = mtime(join(root, "node_modules", ".package-lock.json"));
  if (installed === undefined) return "node_modules is missing";
  const lock = mtime(join(root, "package-lock.json"));
  if (lock === undefined) {
    const manifest = mtime(join(root, "package.json")) ?? 0;
    return manifest > installed ? "package.json is newer than node_modules" : undefined;
  }
  return lock > installed ? "package-lock.json is newer than node_modules" : undefined;
}

/**
 * Runs `npm ci` (or `npm install` without a lockfile) when the dependencies are missing or
 * stale. When `npm ci` refuses (e.g. a registry mirror that lacks other platforms' optional
 * binaries, so the lockfile cannot list them), falls back to `npm install --no-save`, which
 * follows the lockfile without rewriting it. npm's output is captured: the fallback is announced in one line
 * that says why, and npm's report is printed only when the install finally fails (then the process exits).
 * @param {{ root?: string, quiet?: boolean, run?: (root: string, args: string[]) => { status: number, output: string } }} [options]
 * @returns {boolean} whether an install ran
 */
export function ensureDeps({ root = ROOT, quiet = false, run = npm } = {}) {
  const reason = depsOutdatedReason(root);
  if (!reason) return false;
  const hasLock = existsSync(join(root, "package-lock.json"));
  if (!quiet) {
    console.log(`› ${reason}: running npm ${hasLock ? "ci" : "install"}`);
    console.log(
      "  (installing every workspace's packages: about 3 to 10 minutes on a 2-core machine; npm prints little)",
    );
  }
  let result = run(root, hasLock ? ["ci"] : ["install"]);
  if (result.status !== 0 && hasLock) {
    // npm ci's own report (a wall of EUSAGE text) is kept out of the way: one line says why, then the fallback.
    console.log(`› ${ciFailureReason(result.output)}; installing with npm install --no-save instead`);
    result = run(root, ["install", "--no-save"]);
  }
  if (result.status !== 0) {
    if (result.output) process.stderr.write(result.output);
    console.error(`✗ installing dependencies failed (exit ${result.status})`);
    process.exit(result.status || 1);
  }
  return true;
}

/**
 * One short reason for a failed `npm ci`, from its output.
 * @param {string} output
 * @returns {string}
 */
export function ciFailureReason(output) {
  if (/EUSAGE/.test(output) && /in sync|lock file/i.test(output))
    return "package-lock.json does not match this registry (npm ci refused it)";
  if (/EBADPLATFORM|optional/i.test(output) && /EUSAGE/.test(output))
    return "the registry lacks an optional platform binary that the lockfile lists (npm ci refused it)";
  const code = /npm error code (\w+)/.exec(output)?.[1];
  return code ? `npm ci failed (${code})` : "npm ci failed";
}

/**
 * Runs npm quietly: its output is captured (and shown only if the install finally fails).
 * @param {string} root
 * @param {string[]} args
 * @returns {{ status: number, output: string }}
 */
function npm(root, args) {
  const result = spawnSync(
    process.platform === "win32" ? "npm.cmd" : "npm",
    [...args, "--no-audit", "--no-fund", "--loglevel=error"],
    { cwd: root, encoding: "utf8", shell: process.platform === "win32", maxBuffer: 64 * 1024 * 1024 },
  );
  return { status: result.status ?? 1, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}
