import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.mjs"],
    globalSetup: ["./src/globalSetup.mjs"],
    testTimeout: 20_000,
  },
});
