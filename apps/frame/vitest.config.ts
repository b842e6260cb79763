import { TEST_WORKERS } from "@fundament/test-chain/workers";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Files run side by side, each on its own chain (test-chain gives every worker one).
    maxWorkers: TEST_WORKERS,
    include: ["src/**/*.test.ts"],
    environment: "happy-dom",
    // The run's anvil chain, started once; a file that needs it calls testChainForFile().
    globalSetup: ["@fundament/test-chain/global-setup"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
