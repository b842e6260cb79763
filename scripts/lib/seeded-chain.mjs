// @ts-check
/**
 * A throwaway local chain for test suites: anvil on a free port with the contracts deployed and the demo state
 * seeded by the same scripts `npm start` uses; as there, the chain clock ends at the wall clock. The SDK's and the
 * web app's Vitest global setups share it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deploy } from "../deploy.mjs";
import { seed, seedGenesisTimestamp } from "../seed.mjs";
import { freePort, startAnvil } from "./anvil.mjs";
import { forgeBuild } from "./foundry.mjs";

/**
 * @typedef {object} SeededChain
 * @property {string} rpcUrl
 * @property {Awaited<ReturnType<typeof deploy>>} deployment what `scripts/deploy.mjs` wrote
 * @property {() => Promise<void>} stop stops anvil and removes the deployment record
 */

/**
 * Starts anvil on a free port, deploys and seeds. Stops anvil again when deploying or seeding fails.
 * @param {{ build?: boolean, name?: string }} [options] `build`: run `forge build` first (quietly); `name` names
 *   the temporary deployments folder
 * @returns {Promise<SeededChain>}
 */
export async function startSeededChain({ build = false, name = "fundament" } = {}) {
  if (build) await forgeBuild({ silent: true });
  // Genesis in the past, so that the seeded chain's clock ends at the wall clock.
  const anvil = await startAnvil({ port: await freePort(), timestamp: seedGenesisTimestamp() });
  const deploymentsDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const stop = async () => {
    await anvil.stop();
    rmSync(deploymentsDir, { recursive: true, force: true });
  };
  try {
    const deployment = await deploy({ rpcUrl: anvil.url, deploymentsDir, log: () => {} });
    await seed({ rpcUrl: anvil.url, deployment });
    return { rpcUrl: anvil.url, deployment, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
