// @ts-check
/**
 * Debian's Chromium for the browser tests (`npx playwright install` cannot work without internet).
 * Installs the `chromium` package with apt-get when /usr/bin/chromium is missing (as root, or
 * through passwordless sudo). Imports only Node built-ins.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * @param {{ quiet?: boolean }} [options]
 * @returns {string} the Chromium executable
 */
export function ensureChromium({ quiet = false } = {}) {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const prefix = root ? [] : ["sudo", "-n"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  /** @param {string[]} args */
  const run = (args) => {
    const [command, ...rest] = [...prefix, ...args];
    return spawnSync(/** @type {string} */ (command), rest, { stdio: quiet ? "ignore" : "inherit", env }).status ?? 1;
  };
  if (!quiet) console.log(`› ${CHROMIUM_PATH} is missing: installing Debian's chromium with apt-get`);
  let status = run(["apt-get", "install", "-y", "--no-install-recommends", "chromium"]);
  if (status !== 0) {
    run(["apt-get", "update"]);
    status = run(["apt-get", "install", "-y", "--no-install-recommends", "chromium"]);
  }
  if (status !== 0 || !existsSync(CHROMIUM_PATH)) {
    throw new Error(`could not install chromium (apt-get exit ${status}); install it and/or set CHROMIUM_PATH`);
  }
  return CHROMIUM_PATH;
}
