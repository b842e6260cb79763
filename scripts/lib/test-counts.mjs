// @ts-check
/**
 * Reads pass/fail counts from the summaries test runners print, so `npm test` can add them up.
 * Recognised: forge ("Ran 3 test suites in 1.2s: 40 tests passed, 1 failed, 0 skipped"),
 * node:test (spec "ℹ pass 3" / TAP "# pass 3"), Vitest ("Tests  1 failed | 12 passed (13)") and
 * Playwright ("12 passed (30s)", "1 failed").
 */
import { stripAnsi } from "./run.mjs";

/** @typedef {{ passed: number, failed: number }} Counts */

/**
 * forge's final summary line; undefined when there is none (e.g. the build failed).
 * @param {string} output
 * @returns {Counts | undefined}
 */
export function parseForgeCounts(output) {
  const matches = [...stripAnsi(output).matchAll(/(\d+) tests? passed, (\d+) failed, (\d+) skipped/g)];
  const last = matches.at(-1);
  return last ? { passed: Number(last[1]), failed: Number(last[2]) } : undefined;
}

/**
 * node:test's closing counters (spec or TAP reporter); undefined when absent.
 * @param {string} output
 * @returns {Counts | undefined}
 */
export function parseNodeTestCounts(output) {
  const text = stripAnsi(output);
  const pass = [...text.matchAll(/^(?:ℹ|#) pass (\d+)\s*$/gm)].at(-1);
  const fail = [...text.matchAll(/^(?:ℹ|#) fail (\d+)\s*$/gm)].at(-1);
  if (!pass && !fail) return undefined;
  return { passed: Number(pass?.[1] ?? 0), failed: Number(fail?.[1] ?? 0) };
}

/**
 * Vitest's "Tests" line; undefined when absent.
 * @param {string} output
 * @returns {Counts | undefined}
 */
export function parseVitestCounts(output) {
  const line = [...stripAnsi(output).matchAll(/^\s*Tests\s+(.*\d+ (?:passed|failed).*)$/gm)].at(-1)?.[1];
  if (!line) return undefined;
  return { passed: Number(/(\d+) passed/.exec(line)?.[1] ?? 0), failed: Number(/(\d+) failed/.exec(line)?.[1] ?? 0) };
}

/**
 * Playwright's closing "N passed (time)" / "N failed" lines; undefined when absent.
 * @param {string} output
 * @returns {Counts | undefined}
 */
export function parsePlaywrightCounts(output) {
  const text = stripAnsi(output);
  const pass = [...text.matchAll(/^\s*(\d+) passed \([^)]*\)\s*$/gm)].at(-1);
  const fail = [...text.matchAll(/^\s*(\d+) failed\s*$/gm)].at(-1);
  if (!pass && !fail) return undefined;
  return { passed: Number(pass?.[1] ?? 0), failed: Number(fail?.[1] ?? 0) };
}

/**
 * The counts of whichever runner's summary the output carries.
 * @param {string} output
 * @returns {Counts | undefined}
 */
export function parseAnyCounts(output) {
  return (
    parseForgeCounts(output) ??
    parseVitestCounts(output) ??
    parseNodeTestCounts(output) ??
    parsePlaywrightCounts(output)
  );
}

/**
 * Counts for one step: what the runner printed, or, when nothing could be read, one failure for a
 * non-zero exit (so a crash is never reported as "0 failed").
 * @param {Counts | undefined} counts
 * @param {number} exitCode
 * @returns {Counts}
 */
export function countsOrExit(counts, exitCode) {
  if (counts) return exitCode !== 0 && counts.failed === 0 ? { ...counts, failed: 1 } : counts;
  return { passed: 0, failed: exitCode === 0 ? 0 : 1 };
}

/**
 * @typedef {object} VitestFailure
 * @property {string} file the test file, relative to the workspace
 * @property {string} title the test's path inside the file ("describe > test")
 * @property {string} error the first line of its error
 */

/**
 * The failures Vitest lists under "Failed Tests" (" FAIL  file > describe > test", then the error's first line),
 * so `npm test` can name them in its closing summary and re-run their files once.
 * @param {string} output
 * @returns {VitestFailure[]}
 */
export function parseVitestFailures(output) {
  const lines = stripAnsi(output).split("\n");
  /** @type {VitestFailure[]} */
  const failures = [];
  for (const [i, line] of lines.entries()) {
    const match = /^\s*FAIL\s+(\S+?\.(?:test|spec)\.[cm]?[jt]sx?)(?:\s+>\s+(.*))?\s*$/.exec(line);
    if (!match) continue;
    const error = lines.slice(i + 1).find((next) => next.trim() !== "") ?? "";
    failures.push({ file: match[1] ?? "", title: (match[2] ?? "").trim(), error: error.trim().slice(0, 200) });
  }
  return failures;
}
