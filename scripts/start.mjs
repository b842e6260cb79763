// @ts-check
/**
 * `npm start`: the whole local stack on one machine, from a fresh clone.
 *
 * 1. installs dependencies when missing or stale (npm ci),
 * 2. builds the contracts (forge build),
 * 3. starts anvil on 127.0.0.1:8545 (ANVIL_PORT), chain id 31337,
 * 4. deploys MockUSDC + InvestmentFund (writes contracts/deployments/31337.json),
 * 5. seeds demo state,
 * 6. prints what to connect to and keeps running until Ctrl-C / SIGTERM, which stops anvil.
 */
import { ensureDeps } from "./lib/ensure-deps.mjs";

ensureDeps();

// Everything below may need the freshly installed dependencies.
const { mkdirSync } = await import("node:fs");
const { join, relative } = await import("node:path");
const { startAnvil } = await import("./lib/anvil.mjs");
const { DEV_ACCOUNTS, LOCAL_CHAIN_ID } = await import("./lib/accounts.mjs");
const { loadDotEnv, parseUintEnv } = await import("./lib/chain.mjs");
const { forgeBuild } = await import("./lib/foundry.mjs");
const { DATA_DIR, DEPLOYMENTS_DIR, ROOT } = await import("./lib/paths.mjs");
const { deploy } = await import("./deploy.mjs");
const { describeSeed, seed } = await import("./seed.mjs");

const HOST = "127.0.0.1";
/** Ports of the services later work adds to this script. */
const API_PORT = 8787;
const WEB_PORT = 5173;

/** @type {Record<number, string>} */
const ROLES = {
  0: "admin (DEFAULT_ADMIN_ROLE + ADMIN_ROLE), deployer",
  1: "investor: pool 2, withdrew pool 1, proposer",
  2: "investor: pool 2, withdrew pool 1, proposer",
  3: "investor: unwithdrawn pool 1 payout, proposer",
  4: "investor: unwithdrawn pool 1 payout",
  5: "investor: pool 2, proposer",
};

/** @param {string} text */
const step = (text) => console.log(`› ${text}`);

/** @type {import("./lib/anvil.mjs").Anvil | undefined} */
let anvil;
let stopping = false;

/** @param {number} code */
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (anvil) {
    console.log("\n› stopping anvil");
    await anvil.stop();
  }
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
process.on("SIGHUP", () => void shutdown(0));
// `npm start` runs this under `sh -c`; a SIGTERM sent to npm stops npm and sh but never reaches us.
// Being re-parented (orphaned) means whoever started us is gone: stop too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown(0);
}, 1000).unref();

try {
  loadDotEnv();
  const port = Number(parseUintEnv("ANVIL_PORT", process.env.ANVIL_PORT) ?? 8545n);

  step("forge build");
  await forgeBuild({ silent: true });

  mkdirSync(DATA_DIR, { recursive: true });
  const logFile = join(DATA_DIR, "anvil.log");
  step(`anvil on ${HOST}:${port} (chain id ${LOCAL_CHAIN_ID}; log in ${relative(ROOT, logFile)})`);
  anvil = await startAnvil({ host: HOST, port, chainId: LOCAL_CHAIN_ID, logFile });
  const running = anvil;
  running.exited.then((code) => {
    if (stopping) return;
    console.error(`✗ anvil exited unexpectedly (code ${code}); see ${relative(ROOT, logFile)}`);
    void shutdown(1);
  });

  step("deploy");
  const deployment = await deploy({
    rpcUrl: running.url,
    minimumInvestment: parseUintEnv("MINIMUM_INVESTMENT", process.env.MINIMUM_INVESTMENT),
    lockupPeriodDuration: parseUintEnv("LOCKUP_PERIOD_DURATION", process.env.LOCKUP_PERIOD_DURATION),
    log: console.log,
  });

  step("seed demo state");
  const summary = await seed({ rpcUrl: running.url, deployment, log: console.log });

  const lines = [
    "",
    "Fundament local stack is running.",
    "",
    `  RPC URL          ${running.url}  (chain id ${deployment.chainId})`,
    `  InvestmentFund   ${deployment.investmentFund}  (deployment block ${deployment.deploymentBlock})`,
    `  Investment token ${deployment.investmentToken}  (Mock USD Coin, ${summary.symbol}, ${summary.decimals} decimals; mint(to, amount) is open)`,
    `  Deployment file  ${relative(ROOT, join(DEPLOYMENTS_DIR, `${deployment.chainId}.json`))}`,
    "",
    "Demo state:",
    ...describeSeed(summary).map((line) => `  ${line}`),
    "",
    "Dev accounts (anvil's publicly known keys: local chain only, never for real funds):",
    ...DEV_ACCOUNTS.slice(0, 6).map((a) => `  ${a.index}  ${a.address}  ${a.privateKey}  ${ROLES[a.index] ?? ""}`),
    "  Accounts 7 and 8 are the trading wallets (Futures, NFT lending); account 9 is the fund wallet.",
    "",
    `The API (http://${HOST}:${API_PORT}) and the web app (http://${HOST}:${WEB_PORT}) are added to npm start by later work.`,
    "Press Ctrl-C to stop.",
  ];
  console.log(lines.join("\n"));
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}
