import { TEST_WORKERS } from "@fundament/test-chain/workers";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Files run side by side, each on its own chain (test-chain gives every worker one).
    maxWorkers: TEST_WORKERS,
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["./test/setup.ts"],
    // One anvil per worker slot for the whole run; a file takes its chain with `testChainForFile()`.
    globalSetup: ["@fundament/test-chain/global-setup"],
    testTimeout: 20_000,
    deps: {
      // Pre-bundle the heavy browser dependencies of the component tests once instead of per test file.
      optimizer: {
        client: {
          enabled: true,
          include: [
            "react",
            "react-dom",
            "react-dom/client",
            "@testing-library/react",
            "@testing-library/user-event",
            "@radix-ui/react-dialog",
            "@tanstack/react-query",
            "wagmi",
            "wagmi/actions",
            "viem",
            "viem/chains",
          ],
        },
      },
    },
  },
});
