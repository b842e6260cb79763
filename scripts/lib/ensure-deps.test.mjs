// @ts-check
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ciFailureReason, depsOutdatedReason, ensureDeps } from "./ensure-deps.mjs";

/** @param {(root: string) => void} body */
function inTempRepo(body) {
  const root = mkdtempSync(join(tmpdir(), "fundament-deps-"));
  try {
    writeFileSync(join(root, "package.json"), "{}");
    body(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** @param {string} file @param {number} seconds since the epoch */
const touch = (file, seconds) => {
  writeFileSync(file, "{}");
  utimesSync(file, seconds, seconds);
};

test("missing node_modules needs an install", () => {
  inTempRepo((root) => {
    assert.match(depsOutdatedReason(root) ?? "", /node_modules is missing/);
  });
});

test("a lockfile newer than the installed tree needs an install; an older one does not", () => {
  inTempRepo((root) => {
    mkdirSync(join(root, "node_modules"));
    touch(join(root, "node_modules", ".package-lock.json"), 2_000);
    touch(join(root, "package-lock.json"), 1_000);
    assert.equal(depsOutdatedReason(root), undefined);
    touch(join(root, "package-lock.json"), 3_000);
    assert.match(depsOutdatedReason(root) ?? "", /package-lock.json is newer/);
  });
});

test("without a lockfile, package.json decides", () => {
  inTempRepo((root) => {
    mkdirSync(join(root, "node_modules"));
    touch(join(root, "node_modules", ".package-lock.json"), 2_000);
    touch(join(root, "package.json"), 1_000);
    assert.equal(depsOutdatedReason(root), undefined);
    touch(join(root, "package.json"), 3_000);
    assert.match(depsOutdatedReason(root) ?? "", /package.json is newer/);
  });
});

const EUSAGE = `npm error code EUSAGE
npm error
npm error \`npm ci\` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with \`npm install\` before continuing.
npm error
npm error Missing: @rollup/rollup-darwin-arm64@4.0.0 from lock file
${"npm error Missing: something from lock file\n".repeat(40)}`;

/** Captures console.log / console.warn / console.error while `body` runs. */
function captureConsole(/** @type {() => void} */ body) {
  /** @type {string[]} */
  const lines = [];
  const saved = { log: console.log, warn: console.warn, error: console.error };
  console.log = console.warn = console.error = (/** @type {unknown[]} */ ...args) => void lines.push(args.join(" "));
  try {
    body();
  } finally {
    Object.assign(console, saved);
  }
  return lines;
}

test("when npm ci refuses, one quiet line says why and the fallback runs without npm's wall of text", () => {
  inTempRepo((root) => {
    touch(join(root, "package-lock.json"), 1_000);
    /** @type {string[][]} */
    const calls = [];
    const lines = captureConsole(() => {
      const ran = ensureDeps({
        root,
        run: (_root, args) => {
          calls.push(args);
          return args[0] === "ci" ? { status: 1, output: EUSAGE } : { status: 0, output: "added 900 packages" };
        },
      });
      assert.equal(ran, true);
    });
    assert.deepEqual(calls, [["ci"], ["install", "--no-save"]]);
    assert.deepEqual(lines, [
      "› node_modules is missing: running npm ci",
      "  (installing every workspace's packages: about 3 to 10 minutes on a 2-core machine; npm prints little)",
      "› package-lock.json does not match this registry (npm ci refused it); installing with npm install --no-save instead",
    ]);
    assert.doesNotMatch(lines.join("\n"), /EUSAGE|npm error/);
  });
});

test("a successful npm ci prints only the line that says why it runs and about how long it takes", () => {
  inTempRepo((root) => {
    touch(join(root, "package-lock.json"), 1_000);
    const lines = captureConsole(() => {
      ensureDeps({ root, run: () => ({ status: 0, output: "added 900 packages\nnpm warn deprecated x" }) });
    });
    assert.deepEqual(lines, [
      "› node_modules is missing: running npm ci",
      "  (installing every workspace's packages: about 3 to 10 minutes on a 2-core machine; npm prints little)",
    ]);
  });
});

test("ciFailureReason names the cause in a few words", () => {
  assert.match(ciFailureReason(EUSAGE), /does not match this registry/);
  assert.equal(ciFailureReason("npm error code ENOTFOUND\nnpm error network"), "npm ci failed (ENOTFOUND)");
  assert.equal(ciFailureReason(""), "npm ci failed");
});
