import { defineConfig } from "vitest/config";

// `npm run bench -w @fundament/sdk`: figures from a real anvil (same globalSetup as the tests), printed, not asserted.
export default defineConfig({
  test: {
    include: ["bench/**/*.bench-run.ts"],
    globalSetup: ["./test/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
