// @ts-check
/// <reference path="./context.d.ts" />
/**
 * Vitest global setup: the run's chains. One anvil per worker slot of the project, started once per run (never per
 * test file); a file uses the chain of its worker through `testChainForFile()` and leaves it as it found it, so two
 * files never share a chain at the same time and every file starts from the same state.
 *
 * Use it as is (`globalSetup: ["@fundament/test-chain/global-setup"]`), or call `startTestChains` from a package's
 * own global setup to build a base state (deploy, seed) on every chain first.
 */
import { freePort, startAnvil } from "./anvil.mjs";

/**
 * @typedef {object} TestChains
 * @property {string[]} urls one JSON-RPC URL per worker slot
 * @property {() => Promise<void>} stop stops every anvil
 */

/**
 * Starts one anvil per worker slot of `project` and provides their URLs (`testChainUrls`).
 * @param {import("vitest/node").TestProject} project
 * @param {{ timestamp?: number }} [options] `timestamp`: the genesis block's Unix time (default now)
 * @returns {Promise<TestChains>}
 */
export async function startTestChains(project, { timestamp } = {}) {
  const count = Math.max(1, project.config.maxWorkers || 1);
  /** @type {Awaited<ReturnType<typeof startAnvil>>[]} */
  const chains = [];
  const stop = async () => {
    await Promise.all(chains.map((chain) => chain.stop()));
  };
  try {
    // One after another: each takes its port before the next asks for a free one.
    for (let i = 0; i < count; i++) {
      chains.push(await startAnvil({ port: await freePort(), timestamp, extraArgs: ["--silent"] }));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const urls = chains.map((chain) => chain.url);
  project.provide("testChainUrls", urls);
  return { urls, stop };
}

/**
 * The default global setup: the chains at genesis, with anvil's funded dev accounts.
 * @param {import("vitest/node").TestProject} project
 */
export default async function setup(project) {
  const { stop } = await startTestChains(project);
  return stop;
}
