// @ts-check
/**
 * `npm test`: every test in the repository, from a fresh clone.
 *
 * 1. installs dependencies when missing or stale (npm ci),
 * 2. `forge test` in contracts/,
 * 3. `node --test` over scripts/**\/*.test.mjs (deploy + seed against a real anvil),
 * 4. the `test` script of every other workspace that defines one (the API with a throwaway
 *    PostgreSQL from Debian's packages as DATABASE_URL_TEST; e2e/ with Debian's Chromium).
 *
 * Output passes through. A Vitest workspace's failed files run once more, alone: a test that fails
 * twice fails the run; one that passed the second time is named as flaky in the summary (fix it).
 * The summary names every failed test (CI keeps only the end of the output). The last line is
 * `N passed, N failed`, the sum over all steps; the exit code is non-zero when anything failed.
 */
import { ensureDeps } from "./lib/ensure-deps.mjs";

ensureDeps();
const suiteStarted = Date.now();

const { readdirSync } = await import("node:fs");
const { join } = await import("node:path");
const { forge } = await import("./lib/foundry.mjs");
const { ROOT } = await import("./lib/paths.mjs");
const { run } = await import("./lib/run.mjs");
const { startTestPostgres } = await import("./lib/ensure-postgres.mjs");
const { countsOrExit, parseAnyCounts, parseForgeCounts, parseNodeTestCounts, parseVitestFailures } = await import(
  "./lib/test-counts.mjs"
);
const { listWorkspaces } = await import("./lib/workspaces.mjs");

const color = Boolean(process.stdout.isTTY);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** @type {Array<{ name: string, passed: number, failed: number, code: number, seconds?: number }>} */
const results = [];

/** When the current step started: each step's wall time is printed in the summary. */
let stepStarted = Date.now();
/** Seconds since the current step started. */
const stepSeconds = () => Math.round((Date.now() - stepStarted) / 1000);

/** Tests that failed, then passed when their files ran again alone; and tests that failed twice. */
/** @type {string[]} */
const flaky = [];
/** @type {string[]} */
const failedTests = [];

/**
 * Runs a Vitest workspace's failed files once more, alone (a failure on a busy shared machine may be its load).
 * A real failure fails again; the summary names every failure either way.
 * @param {string} workspaceName
 * @param {import("./lib/test-counts.mjs").VitestFailure[]} failures
 * @param {Record<string, string>} env
 */
async function rerunFailedFiles(workspaceName, failures, env) {
  const files = [...new Set(failures.map((f) => f.file))];
  banner(`${workspaceName}: the ${files.length} failed file${files.length === 1 ? "" : "s"} once more`);
  return run(npm, ["run", "test", "--workspace", workspaceName, "--", ...files], { cwd: ROOT, capture: true, env });
}

/** @param {number} seconds */
const formatSeconds = (seconds) => `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, "0")}s`;

/** @param {string} title */
const banner = (title) => {
  stepStarted = Date.now();
  console.log(`\n━━ ${title} ${"━".repeat(Math.max(0, 72 - title.length))}`);
};

/** `npm test -- sdk api`: only the steps whose location contains one of the words (all when none is given). */
const only = process.argv.slice(2);
/** @param {string} location */
const selected = (location) => only.length === 0 || only.some((word) => location.includes(word));

// 1. Contracts.
if (selected("contracts")) {
  banner("contracts: forge test");
  const result = await forge(["test", ...(color ? ["--color", "always"] : [])], { capture: true });
  results.push({
    name: "forge test",
    code: result.code,
    seconds: stepSeconds(),
    ...countsOrExit(parseForgeCounts(result.output), result.code),
  });
}

// 2. The scripts' own tests.
const scriptTests = readdirSync(join(ROOT, "scripts"), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.mjs"))
  .sort()
  .map((file) => join("scripts", file));
if (scriptTests.length > 0 && selected("scripts")) {
  banner(`scripts: node --test (${scriptTests.length} file${scriptTests.length === 1 ? "" : "s"})`);
  const result = await run(process.execPath, ["--test", "--test-reporter=spec", ...scriptTests], {
    cwd: ROOT,
    capture: true,
    env: color ? { FORCE_COLOR: "1" } : {},
  });
  results.push({
    name: "scripts (node --test)",
    code: result.code,
    seconds: stepSeconds(),
    ...countsOrExit(parseNodeTestCounts(result.output), result.code),
  });
}

// 3. Other workspaces (contracts ran above).
for (const workspace of listWorkspaces()) {
  if (workspace.location === "contracts" || !workspace.scripts.test || !selected(workspace.location)) continue;
  banner(`${workspace.location}: npm run test`);
  /** @type {Record<string, string>} */
  const env = color ? { FORCE_COLOR: "1" } : {};
  // The API's database tests run on PGlite and, given DATABASE_URL_TEST, on a real PostgreSQL too:
  // a throwaway server from Debian's postgresql unless one is given.
  /** @type {import("./lib/ensure-postgres.mjs").TestPostgres | undefined} */
  let postgres;
  if (
    workspace.name === "@fundament/api" &&
    !process.env.DATABASE_URL_TEST &&
    process.env.FUNDAMENT_TEST_POSTGRES !== "0"
  ) {
    try {
      postgres = await startTestPostgres();
      env.DATABASE_URL_TEST = postgres.url;
      console.log(`(PostgreSQL for the database tests: ${postgres.url})`);
    } catch (error) {
      console.log(
        `(no PostgreSQL: ${error instanceof Error ? error.message : error}; the database tests run on PGlite only)`,
      );
    }
  }
  const result = await run(npm, ["run", "test", "--workspace", workspace.name], { cwd: ROOT, capture: true, env });
  const seconds = stepSeconds();
  // A runner of our own (e2e/run.mjs) names its flaky files in lines of this form.
  for (const match of result.output.matchAll(/^⚠ flaky: (.*)$/gm)) flaky.push(match[1] ?? "");
  const failures = parseVitestFailures(result.output);
  const rerun = failures.length > 0 ? await rerunFailedFiles(workspace.name, failures, env) : undefined;
  await postgres?.stop();
  const counts = parseAnyCounts(result.output);
  if (!counts && result.code === 0) {
    console.log(`(no test summary recognised in ${workspace.name}'s output; counted as 0 tests)`);
  }
  const allListed = counts?.failed === failures.length && !/Unhandled Errors?/.test(result.output);
  if (rerun?.code === 0 && counts && allListed) {
    // Every failed file passed when run again alone: the failures were flaky. They are named in the summary.
    flaky.push(...failures.map((f) => `${workspace.name}: ${f.file} > ${f.title} (${f.error})`));
    results.push({ name: workspace.name, code: 0, passed: counts.passed + counts.failed, failed: 0, seconds });
  } else {
    failedTests.push(...failures.map((f) => `${workspace.name}: ${f.file} > ${f.title} (${f.error})`));
    results.push({ name: workspace.name, code: result.code, ...countsOrExit(counts, result.code), seconds });
  }
}

banner("summary");
if (flaky.length > 0) {
  console.log("Flaky (failed, then passed when their files ran again alone): fix these.");
  for (const line of flaky) console.log(`  ⚠ ${line}`);
}
if (failedTests.length > 0) {
  console.log("Failed:");
  for (const line of failedTests) console.log(`  ✗ ${line}`);
}
for (const r of results) {
  const mark = r.code === 0 && r.failed === 0 ? "✓" : "✗";
  const time = r.seconds === undefined ? "" : `  ${formatSeconds(r.seconds)}`;
  console.log(`${mark} ${r.name.padEnd(28)} ${`${r.passed} passed, ${r.failed} failed`.padEnd(24)}${time}`);
}
console.log(`wall time ${formatSeconds(Math.round((Date.now() - suiteStarted) / 1000))} (install excluded)`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.some((r) => r.code !== 0) ? 1 : 0);
