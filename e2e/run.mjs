// @ts-check
/**
 * `npm test -w @fundament/e2e [-- journeys/x.test.mjs …]`: the journeys (all, or the files named), one file at a time.
 * The seeded stack is built once (`saveStackSnapshot`) and each journey's stack starts from it (FUNDAMENT_E2E_SNAPSHOT,
 * read by lib/stack.mjs): a journey loads the demo world in a second instead of deploying and seeding it again.
 * `node --test journeys/x.test.mjs` alone still works: without the snapshot its stack deploys and seeds as before.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { saveStackSnapshot } from "@fundament/scripts/lib/stack-snapshot";
import { STACK_OPTIONS } from "./lib/stack.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const files = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), "fundament-e2e-snapshot-"));
/** @type {string[]} */
const lines = [];
const started = Date.now();
let code = 1;
try {
  console.log("› the seeded stack the journeys start from (deploy, seed, API; built once)");
  await saveStackSnapshot(dir, { ...STACK_OPTIONS, log: (line) => lines.push(line) }).catch((error) => {
    console.error(lines.join("\n"));
    throw error;
  });
  console.log(`  ready in ${Math.round((Date.now() - started) / 1000)} s`);
  code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--test", "--test-concurrency=1", "--test-reporter=spec", ...(files.length > 0 ? files : ["journeys/"])],
      { cwd: here, stdio: "inherit", env: { ...process.env, FUNDAMENT_E2E_SNAPSHOT: dir } },
    );
    child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
