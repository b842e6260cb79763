import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The core is framework-free (exported alone as `@fundament/wallet/core`): it must never reach into the React layer,
// the features or the connectors, nor import React or wagmi. An import that does would pull them into every user of
// the core, and bring back the import circles this layer once had.
const coreDir = dirname(fileURLToPath(import.meta.url));
const srcDir = resolve(coreDir, "..");
const featuresDir = join(srcDir, "features");
const reactDir = join(srcDir, "react");
const runtimeDir = join(srcDir, "runtime");
const FORBIDDEN_PACKAGES = ["react", "react-dom", "wagmi", "@wagmi/core", "@tanstack/react-query"];

function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"/g)) {
    if (match[1]) specifiers.push(match[1]);
  }
  for (const match of source.matchAll(/import\(\s*"([^"]+)"\s*\)/g)) {
    if (match[1]) specifiers.push(match[1]);
  }
  return specifiers;
}

/** The imports of the features' files that land in `dir` (as `file → specifier`). */
function featureImportsInto(files: readonly string[], dir: string): string[] {
  const offending: string[] = [];
  for (const file of files) {
    for (const specifier of importsOf(readFileSync(join(srcDir, file), "utf8"))) {
      if (!specifier.startsWith(".")) continue;
      const target = resolve(srcDir, dirname(file), specifier);
      if (target === dir || target.startsWith(`${dir}/`)) offending.push(`${file} → ${specifier}`);
    }
  }
  return offending;
}

/** Every TypeScript file under a folder (tests included), as paths relative to `src/`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) ? [relative(srcDir, path)] : [];
  });
}

describe("core boundaries", () => {
  const files = readdirSync(coreDir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

  it("finds the core's modules and their imports", () => {
    expect(files).toContain("createWalletCore.ts");
    expect(importsOf(readFileSync(join(coreDir, "createWalletCore.ts"), "utf8"))).toContain("./createRouter.js");
  });

  it("imports only core modules and framework-free packages", () => {
    const offending: string[] = [];
    for (const file of files) {
      for (const specifier of importsOf(readFileSync(join(coreDir, file), "utf8"))) {
        if (specifier.startsWith(".")) {
          const target = relative(coreDir, resolve(coreDir, specifier));
          if (target.startsWith("..")) offending.push(`${file} → ${specifier}`);
        } else if (FORBIDDEN_PACKAGES.some((p) => specifier === p || specifier.startsWith(`${p}/`))) {
          offending.push(`${file} → ${specifier}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });
});

// The features are the layer under the React one: actions, families and their state, usable without React's views.
// Views and components live in `react/` (e.g. `react/views/solana/`); a feature reaching up into `react/` would turn
// the layering around and bring back the import circles. Tests count too: a view's test lives beside its view.
describe("features boundaries", () => {
  const files = filesUnder(featuresDir);

  it("finds the features' modules", () => {
    expect(files).toContain(join("features", "solana", "createSolanaFamily.ts"));
    expect(files).toContain(join("features", "bitcoin", "bitcoin.test.ts"));
  });

  it("never imports from react/ (no views or components under features/)", () => {
    expect(featureImportsInto(files, reactDir)).toEqual([]);
    expect(files.filter((f) => f.endsWith(".tsx") && !/\.test\.tsx$/.test(f))).toEqual([]);
  });

  it("never imports the composition root (runtime/), which assembles them", () => {
    expect(featureImportsInto(files, runtimeDir)).toEqual([]);
  });
});
