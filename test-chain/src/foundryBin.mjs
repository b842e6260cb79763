// @ts-check
/** Locating Foundry's native binaries, installed from npm (`@foundry-rs/<tool>`). */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** @type {Partial<Record<string, string>>} */
const ARCH = { x64: "amd64", arm64: "arm64" };

/**
 * The path of a Foundry tool. Prefers the native binary from the platform package
 * (`@foundry-rs/<tool>-<os>-<arch>`), so that signals reach the real process; falls back to the
 * npm wrapper (`@foundry-rs/<tool>`'s bin), which forwards SIGINT and SIGTERM.
 * @param {"forge" | "anvil" | "cast"} tool
 * @returns {string}
 */
export function foundryBin(tool) {
  const exe = process.platform === "win32" ? `${tool}.exe` : tool;
  const arch = ARCH[process.arch];
  if (arch) {
    try {
      const pkg = require.resolve(`@foundry-rs/${tool}-${process.platform}-${arch}/package.json`);
      const bin = join(dirname(pkg), "bin", exe);
      if (existsSync(bin)) return bin;
    } catch {
      // not installed for this platform: use the wrapper
    }
  }
  try {
    const wrapperPkg = require.resolve(`@foundry-rs/${tool}/package.json`);
    const wrapper = join(dirname(wrapperPkg), "..", "..", ".bin", process.platform === "win32" ? `${tool}.cmd` : tool);
    if (existsSync(wrapper)) return wrapper;
  } catch {
    // not installed at all
  }
  throw new Error(`${tool} not found: run \`npm install\` at the repository root (it comes from @foundry-rs/${tool}).`);
}
