import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "happy-dom",
    fileParallelism: false,
    // The run's anvil chain, started once; a file that needs it calls testChainForFile().
    globalSetup: ["@fundament/test-chain/global-setup"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
