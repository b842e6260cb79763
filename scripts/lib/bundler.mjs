// @ts-check
/**
 * ERC-4337 on the local chain: the EntryPoint v0.8 and SimpleAccountFactory v0.8 from the npm package
 * `@account-abstraction/contracts` (eth-infinitism's audited reference implementation), and Pimlico's Alto bundler
 * (npm `@pimlico/alto`) as a child process against anvil.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { isPortFree, startChildProcess } from "@fundament/test-chain";
import { ROOT } from "./paths.mjs";

const require = createRequire(import.meta.url);

/**
 * The bundler's executor and utility keys on the local chain: not anvil dev accounts (the seed, the tests and the
 * app send from those, and a bundler that shares an account with them would see its nonces taken), but fixed keys
 * that `startBundler` funds with `anvil_setBalance`. Local chain only: these keys are public.
 */
export const LOCAL_BUNDLER_KEYS = Object.freeze({
  executor: /** @type {import("viem").Hex} */ ("0x2f8a0f2f6d2a8e6a3cb3b8b1f6e62c0a4d6e3d43bd0f40b3c5a71e0d65f0a101"),
  utility: /** @type {import("viem").Hex} */ ("0x2f8a0f2f6d2a8e6a3cb3b8b1f6e62c0a4d6e3d43bd0f40b3c5a71e0d65f0a102"),
});

/**
 * A hardhat-style artifact (`abi` + `bytecode`) of `@account-abstraction/contracts`.
 * @param {"EntryPoint" | "SimpleAccountFactory" | "SimpleAccount" | "Simple7702Account"} name
 * @returns {import("./foundry.mjs").Artifact}
 */
export function loadAccountAbstractionArtifact(name) {
  const dir = dirname(require.resolve("@account-abstraction/contracts/package.json"));
  const json = JSON.parse(readFileSync(join(dir, "artifacts", `${name}.json`), "utf8"));
  if (!json.bytecode || json.bytecode === "0x")
    throw new Error(`@account-abstraction/contracts ${name} has no bytecode`);
  return { abi: json.abi, bytecode: json.bytecode };
}

/**
 * @param {string} url
 * @param {string} method
 * @param {unknown[]} [params]
 */
async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = /** @type {{ result?: unknown, error?: { message?: string } }} */ (await response.json());
  if (body.error) throw new Error(`${method}: ${body.error.message ?? JSON.stringify(body.error)}`);
  return body.result;
}

/**
 * @typedef {object} BundlerOptions
 * @property {string} rpcUrl the chain's JSON-RPC (anvil)
 * @property {import("viem").Address} entryPoint the deployed EntryPoint v0.8
 * @property {number} port
 * @property {string} [host] default 127.0.0.1
 * @property {string} [logFile] Alto's output is appended here
 * @property {number} [timeoutMs] how long to wait for `eth_supportedEntryPoints`; default 60 s
 */

/**
 * @typedef {object} Bundler
 * @property {string} url the bundler's JSON-RPC endpoint
 * @property {Promise<number | null>} exited resolves with the exit code when Alto exits
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after 3 s
 */

/**
 * Starts Alto against a local anvil for an already deployed EntryPoint, funds its executor and utility accounts
 * (anvil_setBalance) and resolves once it answers `eth_supportedEntryPoints` with that EntryPoint. Alto runs with
 * `--safe-mode false`: anvil has no ERC-7562 tracer, and the fund's paymaster reads the fund's whitelist, which the
 * storage rules of safe mode forbid to an unstaked paymaster. It deploys its own simulation contracts at start
 * (`--deploy-simulations-contract`, through anvil's CREATE2 deployer). CORS is on: the web app sends user operations
 * from the browser. Alto is killed when this process exits.
 * @param {BundlerOptions} options
 * @returns {Promise<Bundler>}
 */
export async function startBundler({ rpcUrl, entryPoint, port, host = "127.0.0.1", logFile, timeoutMs = 60_000 }) {
  if (!(await isPortFree(port, host))) {
    throw new Error(`port ${host}:${port} is already in use: stop whatever listens there or set BUNDLER_PORT`);
  }
  const code = await rpc(rpcUrl, "eth_getCode", [entryPoint, "latest"]);
  if (!code || code === "0x") throw new Error(`no EntryPoint at ${entryPoint} on ${rpcUrl}: deploy it before Alto`);
  const { privateKeyToAddress } = await import("viem/accounts");
  for (const key of [LOCAL_BUNDLER_KEYS.executor, LOCAL_BUNDLER_KEYS.utility]) {
    await rpc(rpcUrl, "anvil_setBalance", [privateKeyToAddress(key), "0x56bc75e2d63100000"]); // 100 ETH
  }

  // The package's `exports` hide its package.json and bin: resolve the bin from the root node_modules.
  const altoBin = join(ROOT, "node_modules", "@pimlico", "alto", "esm", "cli", "alto.js");
  if (!existsSync(altoBin)) throw new Error(`Alto is not installed (${altoBin} is missing): run npm install`);
  const args = [
    altoBin,
    "--entrypoints",
    entryPoint,
    "--executor-private-keys",
    LOCAL_BUNDLER_KEYS.executor,
    "--utility-private-key",
    LOCAL_BUNDLER_KEYS.utility,
    "--rpc-url",
    rpcUrl,
    "--port",
    String(port),
    "--safe-mode",
    "false",
    "--deploy-simulations-contract",
    "true",
    "--enable-cors",
    "true",
    "--min-bundle-interval",
    "50",
    "--max-bundle-interval",
    "200",
    "--block-time",
    "250",
    "--log-level",
    "info",
  ];
  // Alto listens on all interfaces (0.0.0.0); its URL is given on `host`.
  const { exited, isDead, output, stop } = startChildProcess({
    command: process.execPath,
    args,
    ...(logFile ? { logFile } : {}),
    stopTimeoutMs: 3000,
  });

  const url = `http://${host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  let lastError = "";
  for (;;) {
    if (isDead()) {
      await stop();
      throw new Error(`the bundler (Alto) exited before answering on ${url}:\n${output().trim().slice(-3000)}`);
    }
    try {
      const supported = /** @type {string[]} */ (await rpc(url, "eth_supportedEntryPoints"));
      if (supported.some((a) => a.toLowerCase() === entryPoint.toLowerCase())) break;
      lastError = `it supports ${supported.join(", ")}, not ${entryPoint}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the bundler (Alto) did not answer eth_supportedEntryPoints on ${url} within ${timeoutMs / 1000} s (${lastError})${
          logFile ? `; see ${logFile}` : `:\n${output().trim().slice(-3000)}`
        }`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, exited, stop };
}

/** Nick's deterministic CREATE2 deployer: present on anvil by default and on most public chains. */
export const CREATE2_DEPLOYER = /** @type {import("viem").Address} */ ("0x4e59b44847b379578588920ca78fbf26c0b4956c");
/**
 * The salt eth-infinitism deploys EntryPoint v0.8 with: with the npm artifact's bytecode it gives the canonical address
 * 0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108. Alto recognises a v0.8 EntryPoint by that address (its `0x433708`
 * prefix), so the local chain needs the canonical one.
 */
export const ENTRY_POINT_SALT = /** @type {import("viem").Hex} */ (
  "0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9"
);
/** EntryPoint v0.8's canonical address. */
export const ENTRY_POINT_V08 = /** @type {import("viem").Address} */ ("0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108");

/**
 * Deploys `initCode` through the CREATE2 deployer with `salt` unless code is already at the resulting address (a
 * real network where it was deployed before, or a second run on the same anvil). Returns the address.
 * @param {{ publicClient: import("viem").PublicClient, walletClient: import("viem").WalletClient, salt: import("viem").Hex, initCode: import("viem").Hex, label: string }} parameters
 * @returns {Promise<{ address: import("viem").Address, deployed: boolean }>}
 */
export async function deployDeterministic({ publicClient, walletClient, salt, initCode, label }) {
  const { concat, getContractAddress } = await import("viem");
  const address = getContractAddress({ opcode: "CREATE2", from: CREATE2_DEPLOYER, salt, bytecode: initCode });
  const existing = await publicClient.getCode({ address });
  if (existing && existing !== "0x") return { address, deployed: false };
  const deployer = await publicClient.getCode({ address: CREATE2_DEPLOYER });
  if (!deployer || deployer === "0x") {
    throw new Error(`${label}: the CREATE2 deployer ${CREATE2_DEPLOYER} is not on this chain`);
  }
  if (!walletClient.account) throw new Error(`${label}: no deployer account`);
  const hash = await walletClient.sendTransaction({
    account: walletClient.account,
    chain: walletClient.chain,
    to: CREATE2_DEPLOYER,
    data: concat([salt, initCode]),
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  const code = await publicClient.getCode({ address });
  if (receipt.status !== "success" || !code || code === "0x") {
    throw new Error(`${label} deployment through the CREATE2 deployer failed (tx ${hash})`);
  }
  return { address, deployed: true };
}
