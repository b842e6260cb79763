// @ts-check
/**
 * `npm run lint`: Biome (format + lint) over the repository, `tsc --noEmit` over the scripts
 * (JavaScript checked through JSDoc) and every workspace's `typecheck` script, `forge fmt --check` and `forge build --sizes` over the
 * contracts, and a check that the committed ABIs match the build. All of them run; the exit code is non-zero when any fails.
 */
import { ensureDeps } from "./lib/ensure-deps.mjs";

ensureDeps();

const { join } = await import("node:path");
const { forge } = await import("./lib/foundry.mjs");
const { ROOT } = await import("./lib/paths.mjs");
const { run } = await import("./lib/run.mjs");
const { listWorkspaces } = await import("./lib/workspaces.mjs");

const bin = (/** @type {string} */ name) => join(ROOT, "node_modules", ".bin", name);

/** @type {Array<[string, () => Promise<import("./lib/run.mjs").RunResult>]>} */
const checks = [
  ["biome check .", () => run(bin("biome"), ["check", "."], { cwd: ROOT })],
  ["tsc --noEmit -p tsconfig.json", () => run(bin("tsc"), ["--noEmit", "-p", "tsconfig.json"], { cwd: ROOT })],
  ["forge fmt --check (contracts)", () => forge(["fmt", "--check"])],
  ["forge build --sizes (contracts fit the 24 KiB limit)", () => forge(["build", "--sizes"])],
  [
    "ABIs up to date (packages/sdk/src/abi)",
    () => run(process.execPath, [join(ROOT, "contracts", "script", "export-abi.mjs"), "--check"], { cwd: ROOT }),
  ],
];

// Every workspace with a `typecheck` script (tsc --noEmit over its own tsconfig).
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
for (const workspace of listWorkspaces()) {
  if (!workspace.scripts.typecheck) continue;
  checks.push([
    `typecheck (${workspace.location})`,
    () => run(npm, ["run", "typecheck", "--workspace", workspace.name], { cwd: ROOT }),
  ]);
}

/** @type {Array<[string, number]>} */
const results = [];
for (const [name, check] of checks) {
  console.log(`\n› ${name}`);
  const { code } = await check();
  results.push([name, code]);
}

console.log("");
for (const [name, code] of results) console.log(`${code === 0 ? "✓" : "✗"} ${name}`);
process.exit(results.some(([, code]) => code !== 0) ? 1 : 0);
