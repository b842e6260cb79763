import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The core is framework-free (exported alone as `@fundament/wallet/core`): it must never reach into the React layer,
// the features or the connectors, nor import React or wagmi. An import that does would pull them into every user of
// the core, and bring back the import circles this layer once had.
const coreDir = dirname(fileURLToPath(import.meta.url));
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
