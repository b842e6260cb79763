import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // The run's anvil chains (one per worker), started once; a file that needs one calls testChainForFile().
    globalSetup: ["@fundament/test-chain/global-setup"],
    testTimeout: 30_000,
  },
});
