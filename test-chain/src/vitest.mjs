// @ts-check
/// <reference path="./context.d.ts" />
/**
 * In a test file: the chain of this file's worker, reset after the file. Needs `@fundament/test-chain/global-setup`
 * (or a global setup that calls `startTestChains`) in the package's Vitest config.
 */
import { afterAll, beforeAll, inject } from "vitest";
import { LOCAL_CHAIN_ID } from "./accounts.mjs";

/**
 * @typedef {object} TestChain
 * @property {string} rpcUrl the JSON-RPC endpoint
 * @property {number} chainId anvil's default, 31337
 */

/**
 * One JSON-RPC call; throws the node's error.
 * @param {string} url
 * @param {string} method
 * @param {unknown[]} params
 * @returns {Promise<unknown>}
 */
export async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = /** @type {{ result?: unknown, error?: { message?: string } }} */ (await response.json());
  if (body.error) throw new Error(`${method} failed on ${url}: ${body.error.message ?? JSON.stringify(body.error)}`);
  return body.result;
}

/**
 * The chain of the worker this file runs in. Call it once, at the top of the file: it registers a `beforeAll` that
 * takes an anvil snapshot and an `afterAll` that reverts to it (state, blocks and clock) and puts mining back to
 * automine, so the next file on this worker starts from the state the global setup left.
 * @returns {TestChain}
 */
export function testChainForFile() {
  const urls = inject("testChainUrls");
  if (!urls?.length) {
    throw new Error(
      'no test chain: add "@fundament/test-chain/global-setup" (or a setup that calls startTestChains) to globalSetup',
    );
  }
  const poolId = Number(process.env.VITEST_POOL_ID ?? "1");
  const rpcUrl = urls[poolId - 1];
  if (!rpcUrl) throw new Error(`no test chain for worker ${poolId}: the global setup started ${urls.length}`);

  /** @type {unknown} */
  let snapshotId;
  beforeAll(async () => {
    snapshotId = await rpc(rpcUrl, "evm_snapshot");
  });
  afterAll(async () => {
    await resetChain(rpcUrl, snapshotId);
  });
  return { rpcUrl, chainId: LOCAL_CHAIN_ID };
}

/**
 * Puts the chain back to `snapshotId`: drops pending transactions, reverts, and undoes the mining and
 * impersonation modes a test may have set.
 * @param {string} rpcUrl
 * @param {unknown} snapshotId
 */
export async function resetChain(rpcUrl, snapshotId) {
  await rpc(rpcUrl, "anvil_dropAllTransactions");
  const reverted = await rpc(rpcUrl, "evm_revert", [snapshotId]);
  if (reverted !== true) throw new Error(`evm_revert(${String(snapshotId)}) failed on ${rpcUrl}`);
  await rpc(rpcUrl, "evm_setIntervalMining", [0]);
  await rpc(rpcUrl, "evm_setAutomine", [true]);
  await rpc(rpcUrl, "anvil_autoImpersonateAccount", [false]);
}
