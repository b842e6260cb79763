// @ts-check
/**
 * Foundry from npm: building, and reading forge artifacts (the binaries are found by `@fundament/test-chain`).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { foundryBin } from "@fundament/test-chain";
import { CONTRACTS_DIR, OUT_DIR } from "./paths.mjs";
import { run } from "./run.mjs";

/**
 * Runs forge in `contracts/`.
 * @param {readonly string[]} args
 * @param {import("./run.mjs").RunOptions} [options]
 */
export function forge(args, options = {}) {
  return run(foundryBin("forge"), args, { cwd: CONTRACTS_DIR, ...options });
}

/**
 * `forge build`; throws when it fails.
 * @param {{ silent?: boolean }} [options]
 */
export async function forgeBuild({ silent = false } = {}) {
  const result = await forge(["build"], { capture: silent, silent });
  if (result.code !== 0) {
    if (silent) process.stderr.write(result.output);
    throw new Error(`forge build failed (exit ${result.code})`);
  }
}

/**
 * @param {string} file the source file name, e.g. `InvestmentFund.sol`
 * @param {string} contract the contract name
 */
export function artifactPath(file, contract) {
  return join(OUT_DIR, file, `${contract}.json`);
}

/**
 * Builds with forge when any of the given artifacts is missing.
 * @param {ReadonlyArray<readonly [file: string, contract: string]>} artifacts
 * @returns {Promise<boolean>} whether a build ran
 */
export async function ensureArtifacts(artifacts) {
  if (artifacts.every(([file, contract]) => existsSync(artifactPath(file, contract)))) return false;
  await forgeBuild({ silent: true });
  for (const [file, contract] of artifacts) {
    if (!existsSync(artifactPath(file, contract))) {
      throw new Error(`forge build succeeded but ${artifactPath(file, contract)} is missing`);
    }
  }
  return true;
}

/**
 * @typedef {object} Artifact
 * @property {import("viem").Abi} abi
 * @property {import("viem").Hex} bytecode creation bytecode (with `__$…$__` placeholders where it calls a library)
 * @property {Record<string, Record<string, Array<{ start: number, length: number }>>>} [linkReferences] where each
 *   linked library's address goes, by source file and library name (solc's `linkReferences`)
 */

/**
 * Reads a forge artifact (`out/<File>.sol/<Contract>.json`).
 * @param {string} file
 * @param {string} contract
 * @returns {Artifact}
 */
export function loadArtifact(file, contract) {
  const path = artifactPath(file, contract);
  if (!existsSync(path)) throw new Error(`artifact missing: ${path} (run \`forge build\` in contracts/)`);
  const json = JSON.parse(readFileSync(path, "utf8"));
  /** @type {string} */
  const object = json.bytecode?.object ?? "";
  if (!object || object === "0x") throw new Error(`${contract} has no creation bytecode (abstract or interface?)`);
  return {
    abi: json.abi,
    bytecode: /** @type {import("viem").Hex} */ (object.startsWith("0x") ? object : `0x${object}`),
    linkReferences: json.bytecode?.linkReferences ?? {},
  };
}

/**
 * The InvestmentFund's whole ABI as callers see it at its address: its own functions, events and errors, and the reads
 * its fallback answers through `FundViews` (`getVault`, `getPoolInfo`, `getPosition`). The same merge as the SDK's
 * generated `investmentFundAbi` (contracts/script/export-abi.mjs).
 * @returns {import("viem").Abi}
 */
export function loadFundAbi() {
  /** @type {import("viem").Abi} */
  const fund = loadArtifact("InvestmentFund.sol", "InvestmentFund").abi;
  /** @type {import("viem").Abi} */
  const views = loadArtifact("FundViews.sol", "FundViews").abi;
  return [...fund, ...views.filter((item) => item.type === "function")];
}

/**
 * The artifact with every library it calls linked: each placeholder replaced by the address in `libraries` (by library
 * name). Throws when a library it needs is not given, so an unlinked contract is never deployed.
 * @param {Artifact} artifact
 * @param {Record<string, import("viem").Address>} libraries
 * @returns {Artifact}
 */
export function linkArtifact(artifact, libraries) {
  let hex = artifact.bytecode.slice(2);
  for (const byName of Object.values(artifact.linkReferences ?? {})) {
    for (const [name, places] of Object.entries(byName)) {
      const address = libraries[name];
      if (!address) throw new Error(`library ${name} must be deployed and linked first`);
      const bare = address.slice(2).toLowerCase();
      for (const { start, length } of places) {
        if (length !== 20) throw new Error(`library ${name}: a link reference of ${length} bytes, not 20`);
        hex = hex.slice(0, start * 2) + bare + hex.slice(start * 2 + 40);
      }
    }
  }
  if (hex.includes("__$")) throw new Error("bytecode still has an unlinked library placeholder");
  return { ...artifact, bytecode: /** @type {import("viem").Hex} */ (`0x${hex}`), linkReferences: {} };
}
