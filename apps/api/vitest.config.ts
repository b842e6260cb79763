import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // A migrated PGlite data directory is built once and loaded by each test file (initdb is slow).
    globalSetup: ["./src/testing/globalSetup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
