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
 * follows the lockfile without rewriting it. Exits the process when the install fails.
 * @param {{ root?: string, quiet?: boolean }} [options]
 * @returns {boolean} whether an install ran
 */
export function ensureDeps({ root = ROOT, quiet = false } = {}) {
  const reason = depsOutdatedReason(root);
  if (!reason) return false;
  const hasLock = existsSync(join(root, "package-lock.json"));
  if (!quiet) console.log(`› ${reason}: running npm ${hasLock ? "ci" : "install"}`);
  let status = npm(root, hasLock ? ["ci"] : ["install"]);
  if (status !== 0 && hasLock) {
    console.warn(`› npm ci failed (exit ${status}); falling back to npm install --no-save`);
    status = npm(root, ["install", "--no-save"]);
  }
  if (status !== 0) {
    console.error(`✗ installing dependencies failed (exit ${status})`);
    process.exit(status || 1);
  }
  return true;
}

/**
 * @param {string} root
 * @param {string[]} args
 * @returns {number} exit status
 */
function npm(root, args) {
  const result = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", [...args, "--no-audit", "--no-fund"], {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  return result.status ?? 1;
}
