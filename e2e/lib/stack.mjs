// @ts-check
/**
 * The whole local stack for the journeys: anvil, contracts, demo state, the API and the web app,
 * on free ports with their own data folder (never the one `npm start` uses), with the API's analytics on. The local
 * Solana RPC runs too, on a free port: `stack.solana` has its `url`, `genesisHash`, `mint` and dev `accounts`
 * (`address`, 64-byte `secretKey`) for the Solana test wallet (`openPage(browser, { solanaWallet })`).
 *
 * Under `npm test -w @fundament/e2e` (e2e/run.mjs) every stack starts from one saved seeded stack
 * (FUNDAMENT_E2E_SNAPSHOT); a journey run alone with `node --test` deploys and seeds its own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStack } from "@fundament/scripts/lib/stack";
import { readStackSnapshot } from "@fundament/scripts/lib/stack-snapshot";
import { freePort } from "@fundament/test-chain";

/**
 * What every journey's stack is started with (and the snapshot too, so that a stack from it is the same world).
 * @satisfies {Partial<import("@fundament/scripts/lib/stack").StackOptions>}
 */
export const STACK_OPTIONS = {
  // A day's timelock delay: the journeys travel past it; the wall clock never makes a change ready mid-run.
  timelockDelay: 86_400n,
  // The operator's analytics on (off by default): the wallet's events go to the API's /e, counted on /admin.
  apiEnv: { ANALYTICS_ENABLED: "1" },
};

/** @returns {Promise<import("@fundament/scripts/lib/stack").Stack & { dispose: () => Promise<void> }>} */
export async function startTestStack() {
  const dir = mkdtempSync(join(tmpdir(), "fundament-e2e-"));
  const [anvilPort, apiPort, webPort] = [await freePort(), await freePort(), await freePort()];
  const snapshotDir = process.env.FUNDAMENT_E2E_SNAPSHOT;
  /** @type {string[]} */
  const lines = [];
  try {
    const stack = await startStack({
      ...STACK_OPTIONS,
      anvilPort,
      apiPort,
      webPort,
      dataDir: join(dir, "data"),
      deploymentsDir: join(dir, "deployments"),
      ...(snapshotDir ? { snapshot: readStackSnapshot(snapshotDir) } : {}),
      log: (line) => lines.push(line),
    });
    return {
      ...stack,
      dispose: async () => {
        await stack.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    console.error(lines.join("\n"));
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
