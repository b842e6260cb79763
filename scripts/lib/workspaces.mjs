// @ts-check
/** The npm workspaces of the repository, read from the root package.json. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./paths.mjs";

/**
 * @typedef {object} Workspace
 * @property {string} name package name
 * @property {string} location path relative to the root, e.g. `packages/sdk`
 * @property {Record<string, string>} scripts
 */

/**
 * Expands the root `workspaces` entries (plain paths and `dir/*` globs).
 * @param {string} [root]
 * @returns {Workspace[]}
 */
export function listWorkspaces(root = ROOT) {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  /** @type {string[]} */
  const patterns = manifest.workspaces ?? [];
  /** @type {string[]} */
  const locations = [];
  for (const pattern of patterns) {
    if (pattern.endsWith("/*")) {
      const dir = pattern.slice(0, -2);
      if (!existsSync(join(root, dir))) continue;
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        if (entry.isDirectory()) locations.push(`${dir}/${entry.name}`);
      }
    } else {
      locations.push(pattern);
    }
  }
  return locations
    .filter((location) => existsSync(join(root, location, "package.json")))
    .sort()
    .map((location) => {
      const pkg = JSON.parse(readFileSync(join(root, location, "package.json"), "utf8"));
      return { name: pkg.name ?? location, location, scripts: pkg.scripts ?? {} };
    });
}
