// @ts-check
/**
 * `npm start`: the whole local stack on one machine, from a fresh clone.
 *
 * 1. installs dependencies when missing or stale (npm ci),
 * 2. builds the contracts (forge build),
 * 3. starts anvil on 127.0.0.1:8545 (ANVIL_PORT), chain id 31337, and the local Solana RPC (LiteSVM) on
 *    127.0.0.1:8899 (SOLANA_RPC_PORT),
 * 4. deploys MockUSDC + InvestmentFund, and for smart accounts the ERC-4337 EntryPoint v0.8, the SimpleAccountFactory
 *    and the fund's FundPaymaster, and for swaps Uniswap V2 (WETH9, factory, Router02), mWBTC and seeded pools
 *    (writes contracts/deployments/31337.json),
 * 5. starts the bundler (Pimlico's Alto) on 127.0.0.1:4337 (BUNDLER_PORT) and seeds demo state on the chain,
 * 6. starts the API on 127.0.0.1:8787 (API_PORT) on its embedded database with demo history,
 * 6b. starts the embedded wallet's local sign-in services: an SMTP catcher on 2525 (SMTP_PORT) with a web inbox on 8025
 *    (INBOX_PORT), an OpenID Connect provider on 9010 (OIDC_PORT), a Farcaster relay on 8790 (FARCASTER_RELAY_PORT),
 * 7. builds the web app (when its sources changed) and serves it on 127.0.0.1:5173 (WEB_PORT), and the embedded
 *    wallet's secure frame on its own origin, 127.0.0.1:5174 (FRAME_PORT),
 * 8. prints the URLs and the dev accounts and keeps running until Ctrl-C / SIGTERM, which stops all.
 */
import { ensureDeps } from "./lib/ensure-deps.mjs";

ensureDeps();

// Everything below may need the freshly installed dependencies.
const { join, relative } = await import("node:path");
const { DEV_ACCOUNTS } = await import("@fundament/test-chain");
const { loadDotEnv, parseUintEnv } = await import("./lib/chain.mjs");
const { DEPLOYMENTS_DIR, ROOT } = await import("./lib/paths.mjs");
const { describeSeed } = await import("./seed.mjs");
const { startStack } = await import("./lib/stack.mjs");
const { base58 } = await import("./lib/solana.mjs");

/** @type {Record<number, string>} */
const ROLES = {
  0: "admin (ADMIN_ROLE; schedules changes in the FundTimelock, which holds DEFAULT_ADMIN_ROLE), deployer",
  1: "investor: futures rolling since round 1, NFT round 2; proposer",
  2: "investor: withdraws after each futures round, futures round 3; proposer",
  3: "investor: rolled futures round 1 into 2, then withdrew; NFT round 2; proposer",
  4: "investor: unwithdrawn futures round 1 payout, withdrew NFT round 1",
  5: "investor: futures and NFT both rolling; proposer",
  6: "guardian (GUARDIAN_ROLE): cancels pending changes, turns the emergency on",
};

/** @type {import("./lib/stack.mjs").Stack | undefined} */
let stack;
let stopping = false;

/** @param {number} code */
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log("\n› stopping");
  await stack?.stop();
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

/** @param {string} name @param {number} fallback */
const portEnv = (name, fallback) => Number(parseUintEnv(name, process.env[name]) ?? BigInt(fallback));

try {
  loadDotEnv();
  stack = await startStack({
    anvilPort: portEnv("ANVIL_PORT", 8545),
    apiPort: portEnv("API_PORT", 8787),
    webPort: portEnv("WEB_PORT", 5173),
    bundlerPort: portEnv("BUNDLER_PORT", 4337),
    solanaRpcPort: portEnv("SOLANA_RPC_PORT", 8899),
    framePort: portEnv("FRAME_PORT", 5174),
    smtpPort: portEnv("SMTP_PORT", 2525),
    inboxPort: portEnv("INBOX_PORT", 8025),
    oidcPort: portEnv("OIDC_PORT", 9010),
    farcasterRelayPort: portEnv("FARCASTER_RELAY_PORT", 8790),
    minimumInvestment: parseUintEnv("MINIMUM_INVESTMENT", process.env.MINIMUM_INVESTMENT),
    lockupPeriodDuration: parseUintEnv("LOCKUP_PERIOD_DURATION", process.env.LOCKUP_PERIOD_DURATION),
  });
  const { deployment, summary } = stack;
  stack.failed.then((reason) => {
    if (stopping) return;
    console.error(`✗ ${reason}`);
    void shutdown(1);
  });

  const lines = [
    "",
    "Fundament local stack is running.",
    "",
    `  Web app          ${stack.webUrl}`,
    `  API              ${stack.apiUrl}  (OpenAPI UI at ${stack.apiUrl}/docs)`,
    `  RPC URL          ${stack.rpcUrl}  (chain id ${deployment.chainId})`,
    `  InvestmentFund   ${deployment.investmentFund}  (deployment block ${deployment.deploymentBlock})`,
    `  FundGovernor     ${deployment.fundGovernor}  (proposals and votes; reads voting power from the fund)`,
    `  FundTimelock     ${deployment.fundTimelock}  (holds the fund's top role: changes that touch invested money wait ${deployment.timelockDelay}s)`,
    `  Investment token ${deployment.investmentToken}  (Mock USD Coin, ${summary.symbol}, ${summary.decimals} decimals; mint(to, amount) is open)`,
    `  Bundler (4337)   ${stack.bundlerUrl}  (Alto; EntryPoint v0.8 ${deployment.entryPoint})`,
    `  Account factory  ${deployment.accountFactory}  (SimpleAccountFactory v0.8: one smart account per owner)`,
    `  FundPaymaster    ${deployment.fundPaymaster}  (sponsors whitelisted smart accounts' gas)`,
    ...(deployment.dex
      ? [
          `  DEX router       ${deployment.dex.router}  (Uniswap V2 Router02; factory ${deployment.dex.factory}, WETH9 ${deployment.dex.weth})`,
          `  Tokens           ${(deployment.tokens ?? []).map((token) => `${token.symbol} ${token.address}`).join(", ")}  (pools: 3,000 mUSDC per ETH, 60,000 mUSDC per mWBTC)`,
        ]
      : []),
    `  Mail inbox       ${stack.localAuth.inboxUrl}  (every email the app sends, e.g. sign-in codes; SMTP on ${stack.localAuth.smtpUrl})`,
    `  Secure frame     ${stack.frameUrl}  (the embedded wallet's own origin: email, social and Farcaster logins)`,
    `  Social login     ${stack.localAuth.oidcIssuer}  (a local OpenID Connect provider standing in for Google, X, Discord, GitHub, Apple, Facebook)`,
    ...(stack.localAuth.farcasterRelayUrl
      ? [
          `  Farcaster relay  ${stack.localAuth.farcasterRelayUrl}  (a local relay; its approval page stands in for the Farcaster app)`,
        ]
      : []),
    `  Solana RPC       ${stack.solana.url}  (LiteSVM; genesis ${stack.solana.genesisHash}; ${stack.solana.mint.symbol} mint ${stack.solana.mint.address})`,
    `  Deployment file  ${relative(ROOT, join(DEPLOYMENTS_DIR, `${deployment.chainId}.json`))}`,
    "",
    "Demo state:",
    ...describeSeed(summary).map((line) => `  ${line}`),
    "",
    "Dev accounts (anvil's publicly known keys: local chain only, never for real funds):",
    ...DEV_ACCOUNTS.slice(0, 7).map((a) => `  ${a.index}  ${a.address}  ${a.privateKey}  ${ROLES[a.index] ?? ""}`),
    "  Account 7 is the futures vault's trading wallet, account 8 the NFT lending vault's; 9 is the fund wallet.",
    "  In the app, 'Connect Wallet' offers these accounts on the local chain (account 0 first; pick another",
    "  in the wallet's Account view); no browser wallet is needed.",
    "",
    "Solana dev accounts (address, base58 secret key; local Solana RPC only; 1,000 SOL and 100,000 mUSDC each):",
    ...stack.solana.accounts
      .slice(0, 3)
      .map((a) => `  ${a.index}  ${a.address}  ${base58(Uint8Array.from(a.secretKey))}`),
    "",
    "Press Ctrl-C to stop.",
  ];
  console.log(lines.join("\n"));
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}
