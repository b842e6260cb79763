import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // A migrated PGlite data directory is built once and loaded by each test file (initdb is slow); the run's anvil
    // chains (one per worker) are started once too, and each file that needs one calls testChainForFile().
    globalSetup: ["./src/testing/globalSetup.ts", "@fundament/test-chain/global-setup"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
