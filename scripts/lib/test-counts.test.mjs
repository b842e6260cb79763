// @ts-check
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  countsOrExit,
  parseAnyCounts,
  parseForgeCounts,
  parseNodeTestCounts,
  parsePlaywrightCounts,
  parseVitestCounts,
  parseVitestFailures,
} from "./test-counts.mjs";

test("forge: the last summary line wins, colours ignored", () => {
  const output = [
    "Suite result: ok. 3 passed; 0 failed; 0 skipped; finished in 1.2ms",
    "\u001b[32mRan 4 test suites in 1.51s (3.2s CPU time): 41 tests passed, 2 failed, 1 skipped (44 total tests)\u001b[0m",
  ].join("\n");
  assert.deepEqual(parseForgeCounts(output), { passed: 41, failed: 2 });
  assert.deepEqual(parseForgeCounts("Ran 1 test suite in 5ms: 1 test passed, 0 failed, 0 skipped (1 total test)"), {
    passed: 1,
    failed: 0,
  });
  assert.equal(parseForgeCounts("Error: Compiler run failed"), undefined);
});

test("node:test: spec and TAP counters", () => {
  assert.deepEqual(parseNodeTestCounts("ℹ tests 9\nℹ suites 1\nℹ pass 8\nℹ fail 1\nℹ cancelled 0\n"), {
    passed: 8,
    failed: 1,
  });
  assert.deepEqual(parseNodeTestCounts("# tests 3\n# pass 3\n# fail 0\n"), { passed: 3, failed: 0 });
  assert.equal(parseNodeTestCounts("ok 1 - something"), undefined);
});

test("vitest and playwright summaries", () => {
  assert.deepEqual(parseVitestCounts(" Test Files  2 passed (2)\n      Tests  1 failed | 12 passed (13)\n"), {
    passed: 12,
    failed: 1,
  });
  assert.deepEqual(parseVitestCounts("      Tests  7 passed (7)"), { passed: 7, failed: 0 });
  assert.deepEqual(parsePlaywrightCounts("  1 failed\n    [chromium] › a.spec.ts:3:1 › x\n  11 passed (42.1s)\n"), {
    passed: 11,
    failed: 1,
  });
  assert.deepEqual(parseAnyCounts("      Tests  7 passed (7)"), { passed: 7, failed: 0 });
});

test("a failing exit without a readable summary counts as one failure", () => {
  assert.deepEqual(countsOrExit(undefined, 1), { passed: 0, failed: 1 });
  assert.deepEqual(countsOrExit(undefined, 0), { passed: 0, failed: 0 });
  assert.deepEqual(countsOrExit({ passed: 5, failed: 0 }, 1), { passed: 5, failed: 1 });
  assert.deepEqual(countsOrExit({ passed: 5, failed: 2 }, 1), { passed: 5, failed: 2 });
});

test("vitest failures: file, title and the error's first line, colours ignored", () => {
  const output = [
    " \u001b[31m❯\u001b[39m src/a.test.ts (2 tests | 1 failed)",
    "\u001b[31m⎯⎯⎯ Failed Tests 2 ⎯⎯⎯\u001b[39m",
    "",
    "\u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m src/a.test.ts\u001b[2m > \u001b[22mgroup\u001b[2m > \u001b[22mfails here",
    "\u001b[31mAssertionError\u001b[22m: expected 1 to be 2 // Object.is equality",
    "",
    " FAIL  src/routes/b.test.tsx > times out",
    "",
    "Error: Test timed out in 5000ms.",
  ].join("\n");
  assert.deepEqual(parseVitestFailures(output), [
    {
      file: "src/a.test.ts",
      title: "group > fails here",
      error: "AssertionError: expected 1 to be 2 // Object.is equality",
    },
    { file: "src/routes/b.test.tsx", title: "times out", error: "Error: Test timed out in 5000ms." },
  ]);
  assert.deepEqual(parseVitestFailures("      Tests  7 passed (7)"), []);
});
