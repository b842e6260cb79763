import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The integration tests share the run's chain (@fundament/test-chain, started with the base state in
    // globalSetup) and restore its state between tests with evm_snapshot / evm_revert, so files run one after
    // another.
    fileParallelism: false,
    globalSetup: ["./test/globalSetup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
