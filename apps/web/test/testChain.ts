/**
 * The chain of this test file (the run's seeded chain from test/globalSetup.ts). Imported by test/setup.ts, so every
 * file gets it: the chain is put back to the seeded state after each file.
 */
import { testChainForFile } from "@fundament/test-chain/vitest";

export const { rpcUrl } = testChainForFile();
