// @ts-check
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { depsOutdatedReason } from "./ensure-deps.mjs";

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
