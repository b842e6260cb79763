// @ts-check
/**
 * A seeded stack saved once and started many times: the browser journeys each need the demo world, and deploying and
 * seeding it, then starting an API on an empty database, is most of what a journey's stack costs. `saveStackSnapshot`
 * starts one stack, lets anvil write its whole state on exit (blocks, logs, receipts and the historical states that
 * a round report's check reads), and keeps the API's data folder (its database has indexed the chain and stored the
 * round reports). `startStack({ snapshot })` then loads that chain into a fresh anvil and starts the API on a copy
 * of the folder: the same world, on new ports, with nothing shared between the stacks that run from it.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "@fundament/test-chain";
import { startStack } from "./stack.mjs";

/** What a snapshot folder holds besides anvil's state and the data folder. */
const RECORD = "snapshot.json";

/**
 * How long anvil may take to write its state on stop: a seeded chain with its historical states is ~50 MB of JSON,
 * and a busy 2-core machine writes it slowly.
 */
const ANVIL_DUMP_TIMEOUT_MS = 120_000;

/**
 * Starts a stack in `dir` as `startStack` would (same options, free ports), stops it, and keeps what a later stack
 * starts from. Throws when anvil left no state behind.
 * @param {string} dir an empty or missing folder; the snapshot's files go here
 * @param {Partial<import("./stack.mjs").StackOptions>} [options] e.g. `timelockDelay`, `apiEnv`, `log`
 * @returns {Promise<import("./stack.mjs").StackSnapshot>}
 */
export async function saveStackSnapshot(dir, options = {}) {
  mkdirSync(dir, { recursive: true });
  const stateFile = join(dir, "anvil-state.json");
  const dataDir = join(dir, "data");
  const stack = await startStack({
    ...options,
    anvilPort: await freePort(),
    apiPort: await freePort(),
    webPort: await freePort(),
    dataDir,
    deploymentsDir: join(dir, "deployments"),
    anvil: {
      extraArgs: ["--preserve-historical-states", "--dump-state", stateFile],
      stopTimeoutMs: ANVIL_DUMP_TIMEOUT_MS,
    },
  });
  await stack.stop();
  if (!existsSync(stateFile) || statSync(stateFile).size === 0) {
    throw new Error(`anvil wrote no state to ${stateFile} when it stopped; see ${join(dataDir, "anvil.log")}`);
  }
  // Only the API's own files go into the copies: its database and the embedded wallet's secret, not the logs.
  for (const name of ["anvil.log", "api.log", "bundler.log", "local-auth.log", "solana.log"]) {
    rmSync(join(dataDir, name), { force: true });
  }
  /** @type {import("./stack.mjs").StackSnapshot} */
  const snapshot = { stateFile, dataDir, deployment: stack.deployment, summary: stack.summary };
  writeFileSync(join(dir, RECORD), JSON.stringify(snapshot, withBigInts));
  return snapshot;
}

/**
 * The snapshot that `saveStackSnapshot` left in `dir`.
 * @param {string} dir
 * @returns {import("./stack.mjs").StackSnapshot}
 */
export function readStackSnapshot(dir) {
  const snapshot = JSON.parse(readFileSync(join(dir, RECORD), "utf8"), toBigInts);
  if (!existsSync(snapshot.stateFile))
    throw new Error(`the snapshot in ${dir} has no anvil state (${snapshot.stateFile})`);
  return snapshot;
}

/** JSON has no bigint: the seed's summary carries some, kept as `{ "$bigint": "…" }`. */
function withBigInts(/** @type {string} */ _key, /** @type {unknown} */ value) {
  return typeof value === "bigint" ? { $bigint: value.toString() } : value;
}

function toBigInts(/** @type {string} */ _key, /** @type {unknown} */ value) {
  if (value && typeof value === "object" && "$bigint" in value && typeof value.$bigint === "string") {
    return BigInt(value.$bigint);
  }
  return value;
}
