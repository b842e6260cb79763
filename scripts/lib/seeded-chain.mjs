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
import { seed } from "../seed.mjs";

export { seedGenesisTimestamp } from "../seed.mjs";

/**
 * @typedef {object} SeededChain
 * @property {Awaited<ReturnType<typeof deploy>>} deployment what `scripts/deploy.mjs` wrote
 * @property {() => void} cleanup removes the deployment record
 */

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
    const deployment = await deploy({ rpcUrl, deploymentsDir, log: () => {} });
    await seed({ rpcUrl, deployment });
    return { deployment, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}
