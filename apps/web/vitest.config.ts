import { TEST_WORKERS } from "@fundament/test-chain/workers";
import { defineConfig } from "vitest/config";

export default defineConfig({
  esbuild: { jsx: "automatic" },
  test: {
    // Files run side by side, each on its own chain (test-chain gives every worker one).
    maxWorkers: TEST_WORKERS,
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["./test/setup.ts"],
    globalSetup: ["./test/globalSetup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
