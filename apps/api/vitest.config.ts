import { TEST_WORKERS } from "@fundament/test-chain/workers";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Files run side by side, each on its own chain (test-chain gives every worker one).
    maxWorkers: TEST_WORKERS,
    include: ["src/**/*.test.ts"],
    // A migrated PGlite data directory is built once and loaded by each test file (initdb is slow); the run's anvil
    // chains (one per worker) are started once too, and each file that needs one calls testChainForFile().
    globalSetup: ["./src/testing/globalSetup.ts", "@fundament/test-chain/global-setup"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
