// @ts-check
/**
 * The demo state on a test chain: the contracts deployed and the demo seeded by the same scripts `npm start` uses. The
 * chain must start as far in the past as the seed moves its clock (`seedGenesisTimestamp()`, passed to
 * `startTestChains` of `@fundament/test-chain/global-setup`), so that, as on `npm start`, it ends at the wall clock.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deploy } from "../deploy.mjs";
import { seed, seedGenesisTimestamp as seedTimestamp } from "../seed.mjs";

/**
 * @typedef {object} SeededChain
 * @property {Awaited<ReturnType<typeof deploy>>} deployment what `scripts/deploy.mjs` wrote
 * @property {() => void} cleanup removes the deployment record
 */

/** The timelock delay of the test chains, in seconds (tests read it with `getMinDelay` and travel past it). */
export const TEST_TIMELOCK_DELAY = 86_400n;

/**
 * The genesis timestamp of a test chain that `seedChain` seeds (its timelock waits `TEST_TIMELOCK_DELAY`), so that the
 * seeded chain ends at the wall clock.
 * @param {bigint | number} [lockupPeriodDuration] default 30 days
 */
export function seedGenesisTimestamp(lockupPeriodDuration) {
  return seedTimestamp(lockupPeriodDuration, undefined, TEST_TIMELOCK_DELAY);
}

/**
 * Deploys and seeds on the chain at `rpcUrl`. Removes its deployment record again when deploying or seeding fails.
 * @param {string} rpcUrl
 * @param {{ name?: string }} [options] `name` names the temporary deployments folder
 * @returns {Promise<SeededChain>}
 */
export async function seedChain(rpcUrl, { name = "fundament" } = {}) {
  const deploymentsDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const cleanup = () => rmSync(deploymentsDir, { recursive: true, force: true });
  try {
    // A day's delay (tests travel past it): with the local default of 5 minutes, a change the seed leaves waiting would
    // turn ready on the wall clock while a slow suite still runs.
    const deployment = await deploy({ rpcUrl, deploymentsDir, timelockDelay: TEST_TIMELOCK_DELAY, log: () => {} });
    await seed({ rpcUrl, deployment });
    return { deployment, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}
