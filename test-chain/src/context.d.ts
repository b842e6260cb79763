/** What the global setup hands to the test files (Vitest's `provide` / `inject`). */
declare module "vitest" {
  export interface ProvidedContext {
    /** One anvil per worker slot: the file running in worker `VITEST_POOL_ID` n uses entry n - 1. */
    testChainUrls: string[];
  }
}

export {};
