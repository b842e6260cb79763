// @ts-check
/**
 * `npm test -w @fundament/e2e [-- journeys/x.test.mjs …]`: the journeys (all, or the files named).
 *
 * The seeded stack is built once (`saveStackSnapshot`) and each journey's stack starts from it (FUNDAMENT_E2E_SNAPSHOT,
 * read by lib/stack.mjs): a journey loads the demo world in a second instead of deploying and seeding it again.
 * Journeys run two at a time (E2E_CONCURRENCY), each file in its own `node --test` process with its own stack and
 * browser; a file's output is printed whole when it ends. A file that failed runs once more, alone: failing twice
 * fails the run; passing the second time is named as flaky (`⚠ flaky: …`, repeated in `npm test`'s summary: fix it).
 * The last lines are node:test's totals over every file (`ℹ pass N`, `ℹ fail N`).
 *
 * `node --test journeys/x.test.mjs` alone still works: without the snapshot its stack deploys and seeds as before.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { saveStackSnapshot } from "@fundament/scripts/lib/stack-snapshot";
import { STACK_OPTIONS } from "./lib/stack.mjs";

const here = dirname(fileURLToPath(import.meta.url));
/**
 * Journeys at once (E2E_CONCURRENCY, default 2): each has its own stack and browser, and most of a journey's time is
 * spent waiting on the page or the chain, so two share a 2-core machine well.
 */
const JOURNEYS_AT_ONCE = Math.max(1, Number(process.env.E2E_CONCURRENCY ?? 2) || 1);

/** @typedef {{ file: string, code: number, passed: number, failed: number, output: string, seconds: number }} FileRun */

/** The journey files: those named on the command line, or every `journeys/*.test.mjs`. */
function journeyFiles() {
  const named = process.argv.slice(2);
  if (named.length > 0) return named;
  return readdirSync(join(here, "journeys"))
    .filter((name) => name.endsWith(".test.mjs"))
    .sort()
    .map((name) => join("journeys", name));
}

/**
 * One journey file in its own node:test process, its output kept and printed whole when it ends.
 * @param {string} file @param {string} snapshotDir @returns {Promise<FileRun>}
 */
function runJourney(file, snapshotDir) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--test", "--test-reporter=spec", file], {
      cwd: here,
      env: { ...process.env, FUNDAMENT_E2E_SNAPSHOT: snapshotDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (exitCode, signal) => {
      const count = (/** @type {string} */ word) =>
        Number([...output.matchAll(new RegExp(`^ℹ ${word} (\\d+)\\s*$`, "gm"))].at(-1)?.[1] ?? 0);
      const code = exitCode ?? (signal ? 1 : 0);
      const failed = count("fail") || (code === 0 ? 0 : 1);
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n── ${file} (${seconds} s) ──\n${output}`);
      resolve({ file, code, passed: count("pass"), failed, output, seconds });
    });
  });
}

/**
 * Runs the files, `limit` at a time, in the order given.
 * @param {string[]} files @param {number} limit @param {string} snapshotDir @returns {Promise<FileRun[]>}
 */
async function runPool(files, limit, snapshotDir) {
  /** @type {FileRun[]} */
  const results = [];
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) results.push(await runJourney(file, snapshotDir));
  };
  await Promise.all(Array.from({ length: Math.min(limit, files.length) }, worker));
  return files.map((file) => /** @type {FileRun} */ (results.find((r) => r.file === file)));
}

/** @param {string} dir */
async function buildSnapshot(dir) {
  /** @type {string[]} */
  const lines = [];
  const started = Date.now();
  console.log("› the seeded stack the journeys start from (deploy, seed, API; built once)");
  await saveStackSnapshot(dir, { ...STACK_OPTIONS, log: (line) => lines.push(line) }).catch((error) => {
    console.error(lines.join("\n"));
    throw error;
  });
  console.log(`  ready in ${Math.round((Date.now() - started) / 1000)} s`);
}

const dir = mkdtempSync(join(tmpdir(), "fundament-e2e-snapshot-"));
let exitCode = 1;
try {
  await buildSnapshot(dir);
  const files = journeyFiles();
  console.log(`› ${files.length} journey file(s), ${JOURNEYS_AT_ONCE} at a time`);
  const first = await runPool(files, JOURNEYS_AT_ONCE, dir);
  const failedFiles = first.filter((r) => r.code !== 0 || r.failed > 0).map((r) => r.file);
  if (failedFiles.length > 0) console.log(`\n› the ${failedFiles.length} failed file(s) once more, alone`);
  const again = await runPool(failedFiles, 1, dir);
  const final = first.map((r) => again.find((a) => a.file === r.file) ?? r);
  for (const r of again.filter((a) => a.code === 0 && a.failed === 0)) {
    console.log(`⚠ flaky: e2e ${r.file} (failed beside another journey, passed alone)`);
  }
  const passed = final.reduce((sum, r) => sum + r.passed, 0);
  const failed = final.reduce((sum, r) => sum + r.failed, 0);
  console.log(`ℹ tests ${passed + failed}`);
  console.log(`ℹ pass ${passed}`);
  console.log(`ℹ fail ${failed}`);
  exitCode = failed > 0 || final.some((r) => r.code !== 0) ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
