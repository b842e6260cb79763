// @ts-check
/**
 * The whole local stack in one call, shared by `npm start` and the browser journeys (e2e/):
 * anvil → deploy (with the ERC-4337 EntryPoint, account factory and the fund's paymaster) → the bundler (Alto)
 * and the demo seed → the embedded wallet's local sign-in services (SMTP catcher, OpenID Connect provider, Farcaster
 * relay) → the API (child process, embedded database, demo data) → the web app's production build served with its
 * runtime /config.json, and the embedded wallet's secure frame on an origin of its own.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { devAccount, freePort, startAnvil } from "@fundament/test-chain";
import { DEFAULT_LOCKUP_PERIOD_DURATION, deploy } from "../deploy.mjs";
import { seed, seedGenesisTimestamp } from "../seed.mjs";
import { startBundler } from "./bundler.mjs";
import { startChildService } from "./child-service.mjs";
import { forgeBuild } from "./foundry.mjs";
import { LOCAL_SOCIAL_PROVIDERS, localOidcClients, startLocalAuth } from "./local-auth.mjs";
import { DATA_DIR, ROOT } from "./paths.mjs";
import { publishReports } from "./round-report.mjs";
import { run } from "./run.mjs";
import { FRAME_DIST_DIR, serveFrame } from "./serve-frame.mjs";
import { serveWeb, WEB_DIST_DIR } from "./serve-web.mjs";
import { startSolanaRpc } from "./solana.mjs";
import { startSolUsdFeed } from "./solPriceFeed.mjs";

export const API_DIR = join(ROOT, "apps", "api");
export const WEB_DIR = join(ROOT, "apps", "web");
export const FRAME_DIR = join(ROOT, "apps", "frame");

/**
 * @typedef {object} StackOptions
 * @property {string} [host] default 127.0.0.1
 * @property {number} anvilPort
 * @property {number} apiPort
 * @property {number} webPort
 * @property {number} [bundlerPort] the ERC-4337 bundler (Alto); default a free port
 * @property {number} [solanaRpcPort] the local Solana JSON-RPC (LiteSVM); default a free port
 * @property {number} [framePort] the embedded wallet's secure frame (its own origin); default a free port
 * @property {number} [smtpPort] the SMTP catcher; default a free port
 * @property {number} [inboxPort] the SMTP catcher's web inbox; default a free port
 * @property {number} [oidcPort] the local OpenID Connect provider; default a free port
 * @property {number} [farcasterRelayPort] the local Farcaster relay; default a free port
 * @property {string} [dataDir] logs and the API's embedded database; default `.data/`
 * @property {string} [deploymentsDir] where deploy writes `<chainId>.json`; default contracts/deployments
 * @property {bigint} [minimumInvestment]
 * @property {bigint} [lockupPeriodDuration]
 * @property {bigint} [timelockDelay] the FundTimelock's delay (default: deploy's, 5 minutes locally); tests pass a
 *   long one and travel past it, so a slow run never sees a change turn ready on the wall clock
 * @property {Record<string, string>} [apiEnv] extra environment for the API
 * @property {(line: string) => void} [log] progress lines; default console.log
 * @property {(text: string) => void} [step] step headings; default `› text`
 */

/**
 * @typedef {object} Stack
 * @property {import("@fundament/test-chain").Anvil} anvil
 * @property {import("../deploy.mjs").Deployment} deployment
 * @property {import("../seed.mjs").SeedSummary} summary
 * @property {string} rpcUrl
 * @property {string} apiUrl
 * @property {string} webUrl
 * @property {string} bundlerUrl the ERC-4337 bundler (Alto) on the local chain
 * @property {import("./solana.mjs").SolanaRpc} solana the local Solana JSON-RPC: url, genesis hash, mUSDC mint, dev accounts
 * @property {string} frameUrl the embedded wallet's secure frame
 * @property {import("./local-auth.mjs").LocalAuth} localAuth the SMTP catcher (inboxUrl), OpenID Connect provider, Farcaster relay
 * @property {{ stop: () => Promise<void>, restart: () => Promise<void> }} api stops the API (an outage) and starts it again on the same port and data
 * @property {Promise<string>} failed resolves with a reason when a service dies on its own
 * @property {() => Promise<void>} stop stops everything that was started (idempotent)
 */

/**
 * @param {StackOptions} options
 * @returns {Promise<Stack>}
 */
export async function startStack(options) {
  const host = options.host ?? "127.0.0.1";
  const dataDir = options.dataDir ?? DATA_DIR;
  const log = options.log ?? console.log;
  const step = options.step ?? ((/** @type {string} */ text) => log(`› ${text}`));
  mkdirSync(dataDir, { recursive: true });

  /** @type {Array<() => Promise<void>>} */
  const stops = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };
  /** @type {(reason: string) => void} */
  let fail = () => undefined;
  /** @type {Promise<string>} */
  const failed = new Promise((resolve) => {
    fail = resolve;
  });

  try {
    step("forge build");
    await forgeBuild({ silent: true });

    const anvilLog = join(dataDir, "anvil.log");
    step(`anvil on ${host}:${options.anvilPort} (log in ${anvilLog})`);
    // The chain starts as far in the past as the seed moves its clock, so it ends at the wall clock.
    const timestamp = seedGenesisTimestamp(
      options.lockupPeriodDuration ?? DEFAULT_LOCKUP_PERIOD_DURATION,
      undefined,
      options.timelockDelay,
    );
    const anvil = await startAnvil({ host, port: options.anvilPort, timestamp, logFile: anvilLog });
    stops.push(() => anvil.stop());
    anvil.exited.then((code) => {
      if (!stopped) fail(`anvil exited unexpectedly (code ${code}); see ${anvilLog}`);
    });

    const solanaLog = join(dataDir, "solana.log");
    const solanaPort = options.solanaRpcPort ?? (await freePort(host));
    step(`Solana RPC (LiteSVM) on ${host}:${solanaPort} (log in ${solanaLog})`);
    const solana = await startSolanaRpc({ host, port: solanaPort, logFile: solanaLog });
    stops.push(() => solana.stop());
    solana.exited.then((code) => {
      if (!stopped) fail(`the Solana RPC exited unexpectedly (code ${code}); see ${solanaLog}`);
    });

    const bundlerPort = options.bundlerPort ?? (await freePort(host));
    const bundlerUrl = `http://${host}:${bundlerPort}`;
    step("deploy");
    const deployment = await deploy({
      rpcUrl: anvil.url,
      deploymentsDir: options.deploymentsDir,
      minimumInvestment: options.minimumInvestment,
      lockupPeriodDuration: options.lockupPeriodDuration,
      ...(options.timelockDelay === undefined ? {} : { timelockDelay: options.timelockDelay }),
      bundlerUrl,
      log,
    });

    // The bundler needs the EntryPoint deployed; it starts while the seed runs (it sends from keys of its own).
    const bundlerLog = join(dataDir, "bundler.log");
    step(`bundler (Alto) on ${bundlerUrl} for EntryPoint ${deployment.entryPoint} (log in ${bundlerLog})`);
    const bundlerStarting = startBundler({
      rpcUrl: anvil.url,
      entryPoint: deployment.entryPoint,
      port: bundlerPort,
      host,
      logFile: bundlerLog,
    });
    bundlerStarting.then(
      (bundler) => stops.push(() => bundler.stop()),
      () => undefined,
    );

    step("seed demo state");
    const summary = await seed({ rpcUrl: anvil.url, deployment, log }).catch(async (error) => {
      await bundlerStarting.catch(() => undefined);
      throw error;
    });
    const bundler = await bundlerStarting;
    bundler.exited.then((code) => {
      if (!stopped) fail(`the bundler (Alto) exited unexpectedly (code ${code}); see ${bundlerLog}`);
    });

    // SOL's USD price in the API (SOLANA_SOL_USD_FEED): deployed after the seed, when the chain's clock is at the
    // wall clock, so its answer is not stale; it is posted again every 20 minutes while the stack runs.
    step("SOL/USD price feed (MockPriceFeed at 150.00 USD)");
    const solFeed = await startSolUsdFeed({ rpcUrl: anvil.url });
    stops.push(async () => solFeed.stop());
    const solUsdFeed = solFeed.address;
    deployment.priceFeeds = { ...deployment.priceFeeds, "SOL/USD": solUsdFeed };

    const webUrl = `http://${host}:${options.webPort}`;
    const apiUrl = `http://${host}:${options.apiPort}`;
    const framePort = options.framePort ?? (await freePort(host));
    const frameUrl = `http://${host}:${framePort}`;

    // The embedded wallet's sign-in: mails go to the local catcher, social logins to the local OpenID Connect
    // provider (one client per provider), Farcaster to the local relay (custody checked on anvil).
    const localAuthLog = join(dataDir, "local-auth.log");
    step(`local sign-in services: SMTP catcher, OpenID Connect provider, Farcaster relay (log in ${localAuthLog})`);
    const oidcClients = localOidcClients({ frameOrigin: frameUrl });
    const localAuth = await startLocalAuth({
      host,
      smtpPort: options.smtpPort ?? (await freePort(host)),
      inboxPort: options.inboxPort ?? (await freePort(host)),
      oidcPort: options.oidcPort ?? (await freePort(host)),
      relayPort: options.farcasterRelayPort ?? (await freePort(host)),
      rpcUrl: anvil.url,
      clients: oidcClients,
      logFile: localAuthLog,
    });
    stops.push(() => localAuth.stop());
    localAuth.exited.then((code) => {
      if (!stopped) fail(`the local sign-in services exited unexpectedly (code ${code}); see ${localAuthLog}`);
    });

    // The web and frame builds run while the API starts.
    step("build the web app and the secure frame (vite build, skipped when dist/ is current)");
    const build = buildWeb({ log }).then(() => buildFrame({ log }));
    // A build that fails while the API starts must reach `await build` below (and the stops), not crash the process
    // as an unhandled rejection that leaves the API and anvil running.
    build.catch(() => undefined);

    step(`API on ${apiUrl} (embedded database in ${join(dataDir, "api-pglite")}, demo data)`);
    const apiOptions = {
      host,
      port: options.apiPort,
      dataDir,
      log,
      env: {
        RPC_URL: anvil.url,
        CHAIN_ID: String(deployment.chainId),
        FUND_ADDRESS: deployment.investmentFund,
        TOKEN_ADDRESS: deployment.investmentToken,
        DEPLOYMENT_BLOCK: String(deployment.deploymentBlock),
        ENTRY_POINT_ADDRESS: deployment.entryPoint,
        ACCOUNT_FACTORY_ADDRESS: deployment.accountFactory,
        FUND_PAYMASTER_ADDRESS: deployment.fundPaymaster,
        BUNDLER_URL: bundlerUrl,
        SOLANA_RPC_URL: solana.url,
        // Solana prices: the local mUSDC mint at 1 USD, SOL from the SOL/USD feed.
        SOLANA_USD_MINTS: `${solana.mint.address}=${solana.mint.symbol}`,
        SOLANA_SOL_USD_FEED: solUsdFeed,
        // The swap, price and balance routes: the local Uniswap V2 and the tokens it pools (mUSDC first).
        ...(deployment.dex && {
          DEX_ROUTER_ADDRESS: deployment.dex.router,
          DEX_FACTORY_ADDRESS: deployment.dex.factory,
          WETH_ADDRESS: deployment.dex.weth,
          SWAP_TOKENS: (deployment.tokens ?? []).map((/** @type {{ address: string }} */ t) => t.address).join(","),
        }),
        WEB_ORIGIN: [webUrl, webUrl.replace("127.0.0.1", "localhost")].join(","),
        SIWE_DOMAINS: [`${host}:${options.webPort}`, `localhost:${options.webPort}`].join(","),
        DEMO_DATA: "1",
        // The local on-ramp checkout delivers bought tokens from anvil's public test account 9 (local chain only).
        ONRAMP_TREASURY_KEY: devAccount(9).privateKey,
        // The embedded wallet (email, social, Farcaster): its secret stays in the data folder across restarts.
        EMBEDDED_SECRET: embeddedSecret(dataDir),
        SMTP_URL: localAuth.smtpUrl,
        EMBEDDED_FRAME_ORIGIN: frameUrl,
        PUBLIC_API_URL: apiUrl,
        OIDC_PROVIDERS: JSON.stringify(
          oidcClients.map(({ provider, name, clientId, clientSecret }) => ({
            provider,
            name,
            issuer: localAuth.oidcIssuer,
            clientId,
            clientSecret,
          })),
        ),
        ...(localAuth.farcasterRelayUrl && {
          FARCASTER_RELAY_URL: localAuth.farcasterRelayUrl,
          FARCASTER_RPC_URL: anvil.url,
          FARCASTER_DOMAIN: `${host}:${options.webPort}`,
          FARCASTER_SIWE_URI: `${webUrl}/`,
        }),
        ...options.apiEnv,
      },
    };
    const apiControl = superviseApi(await startApi(apiOptions), {
      start: () => startApi(apiOptions),
      log,
      apiUrl,
      isStopped: () => stopped,
    });
    stops.push(() => apiControl.close());
    // The seed settled its rounds with NAV reports built from the chain: the API serves them once published (it
    // stores each only when its hash is the one the chain carries).
    await publishReports(apiUrl, summary.reports).catch((error) => {
      throw new Error(
        `publishing the seed's round reports to the API failed: ${error.message}; see ${apiControl.logFile()}`,
      );
    });

    await build;
    const web = await serveWeb({
      port: options.webPort,
      host,
      config: {
        chainId: deployment.chainId,
        rpcUrl: anvil.url,
        apiUrl,
        deployment: {
          chainId: deployment.chainId,
          investmentFund: deployment.investmentFund,
          fundGovernor: deployment.fundGovernor,
          // The fund's default admin once the seed handed over: the app schedules and lists its pending changes there.
          fundTimelock: deployment.fundTimelock,
          investmentToken: deployment.investmentToken,
          deploymentBlock: Number(deployment.deploymentBlock),
          entryPoint: deployment.entryPoint,
          accountFactory: deployment.accountFactory,
          fundPaymaster: deployment.fundPaymaster,
          bundlerUrl,
          // The tokens the wallet lists (balances, USD total, Send): the investment token and the DEX's other tokens.
          ...(deployment.tokens ? { tokens: deployment.tokens } : {}),
        },
        ...(process.env.WALLETCONNECT_PROJECT_ID
          ? { walletConnectProjectId: process.env.WALLETCONNECT_PROJECT_ID }
          : {}),
        ...(process.env.COINBASE_WALLET === "1" ? { coinbaseWallet: true } : {}),
        // The wallet's bitcoin family, when an Esplora-style balance API is configured (none runs locally).
        ...(process.env.BITCOIN_BALANCE_API_URL
          ? {
              bitcoin: {
                balanceApiUrl: process.env.BITCOIN_BALANCE_API_URL,
                network: process.env.BITCOIN_NETWORK ?? "mainnet",
              },
            }
          : {}),
        // The embedded wallet: the secure frame's origin and the login methods the API offers.
        embedded: {
          frameUrl,
          socialProviders: [...LOCAL_SOCIAL_PROVIDERS],
          farcaster: Boolean(localAuth.farcasterRelayUrl),
        },
        // The wallet's Solana family: the local Solana RPC, its network (genesis hash) and its SPL token.
        solana: {
          rpcUrl: solana.url,
          genesisHash: solana.genesisHash,
          mint: { ...solana.mint, name: "Mock USD Coin" },
        },
      },
    });
    stops.push(() => web.close());
    step(`web app on ${web.url}`);
    const frame = await serveFrame({
      port: framePort,
      host,
      config: {
        apiUrl,
        parentOrigins: [webUrl, webUrl.replace("127.0.0.1", "localhost")],
        chains: [{ id: deployment.chainId, name: "Anvil (local)", rpcUrl: anvil.url }],
        knownContracts: [
          { address: deployment.investmentFund, name: "InvestmentFund", abi: /** @type {const} */ ("investmentFund") },
          { address: deployment.fundGovernor, name: "FundGovernor", abi: /** @type {const} */ ("fundGovernor") },
          { address: deployment.fundTimelock, name: "FundTimelock", abi: /** @type {const} */ ("fundTimelock") },
          // The frame says "gas paid by the fund" only for this exact paymaster.
          ...(deployment.fundPaymaster
            ? [
                {
                  address: deployment.fundPaymaster,
                  name: "Fund paymaster",
                  abi: /** @type {const} */ ("fundPaymaster"),
                },
              ]
            : []),
          ...(deployment.tokens ?? []).map((/** @type {{ address: string, symbol: string }} */ t) => ({
            address: t.address,
            name: t.symbol,
            abi: /** @type {const} */ ("erc20"),
          })),
          ...(deployment.dex
            ? [
                {
                  address: deployment.dex.router,
                  name: "Uniswap V2 Router",
                  abi: /** @type {const} */ ("uniswapV2Router"),
                },
              ]
            : []),
        ],
      },
    });
    stops.push(() => frame.close());
    step(`secure frame on ${frame.url}; mail inbox on ${localAuth.inboxUrl}`);

    return {
      anvil,
      deployment,
      summary,
      rpcUrl: anvil.url,
      apiUrl,
      webUrl: web.url,
      bundlerUrl,
      solana,
      frameUrl: frame.url,
      localAuth,
      api: { stop: apiControl.stop, restart: apiControl.restart },
      failed,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The running API, watched: when it dies on its own, the chain and the web app keep running; it is said, and the API
 * is started again (three times at most in ten minutes; after that, how to bring it back is said). `stop` and
 * `restart` are the outage journeys' deliberate stop and start (not a failure); `close` stops it with the stack.
 * @param {Awaited<ReturnType<typeof startApi>>} first
 * @param {{ start: () => ReturnType<typeof startApi>, log: (line: string) => void, apiUrl: string,
 *   isStopped: () => boolean }} options
 */
function superviseApi(first, { start, log, apiUrl, isStopped }) {
  let api = first;
  // Set while the API is stopped on purpose (`stack.api.stop()`): its exit is not a failure.
  let down = false;
  /** @type {number[]} */
  const restarts = [];
  const watch = () =>
    api.exited.then(async (code) => {
      if (isStopped() || down) return;
      const now = Date.now();
      const recent = restarts.filter((at) => now - at < 10 * 60_000);
      const how = code === null ? "killed by a signal" : `exit code ${code}`;
      log(`✗ The API stopped unexpectedly (${how}); see ${api.logFile}. The chain and the web app keep running.`);
      if (recent.length >= 3) {
        log("  It stopped three times in ten minutes: fix what its log says, then stop with Ctrl-C and run npm start.");
        return;
      }
      restarts.push(now);
      log("  Starting the API again…");
      try {
        api = await start();
        log(`  The API is back on ${apiUrl}.`);
        watch();
      } catch (error) {
        log(`  The API did not come back: ${error instanceof Error ? error.message : error}`);
        log("  Stop with Ctrl-C and run npm start again.");
      }
    });
  watch();
  return {
    logFile: () => api.logFile,
    stop: async () => {
      down = true;
      await api.stop();
    },
    restart: async () => {
      api = await start();
      down = false;
      watch();
    },
    close: () => api.stop(),
  };
}

/** How long `startApi` waits for a live API to answer `/health` (a busy 2-core machine may need minutes). */
export const API_START_LIMIT_MS = 10 * 60_000;
/** How often it says it is still waiting. */
const API_HEARTBEAT_MS = 15_000;

/**
 * The API as a child process (`tsx src/main.ts`), its output in `<dataDir>/api.log`; resolves once `/health`
 * answers. It waits while the process is alive (up to `API_START_LIMIT_MS`), saying so every 15 s with the log's
 * last line; if the process dies or the limit passes, the error carries the end of its log.
 * @param {{ host: string, port: number, dataDir: string, env: Record<string, string>,
 *   log?: (line: string) => void, apiDir?: string, heartbeatMs?: number, startLimitMs?: number }} options
 *   `apiDir`, `heartbeatMs` and `startLimitMs` for tests (a stand-in service, shorter waits)
 */
export async function startApi({
  host,
  port,
  dataDir,
  env,
  log = () => undefined,
  apiDir = API_DIR,
  heartbeatMs = API_HEARTBEAT_MS,
  startLimitMs = API_START_LIMIT_MS,
}) {
  const logFile = join(dataDir, "api.log");
  const { exited, isDead, stop } = startChildService({
    cwd: apiDir,
    env: {
      API_HOST: host,
      API_PORT: String(port),
      PGLITE_DIR: join(dataDir, "api-pglite"),
      // If this process dies without stopping the API (a crash, kill -9), the API stops too instead of holding
      // its port and the PGlite folder's lock.
      API_EXIT_WITH_PARENT: "1",
      ...env,
    },
    logFile,
  });
  const url = `http://${host}:${port}`;
  const started = Date.now();
  let nextBeat = started + heartbeatMs;
  for (;;) {
    if (isDead()) throw new Error(`the API stopped while starting. The end of ${logFile}:\n${logTail(logFile)}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    const waited = Date.now() - started;
    if (waited > startLimitMs) {
      await stop();
      throw new Error(
        `the API was alive but did not answer ${url}/health within ${Math.round(startLimitMs / 1000)} s. The end of ${logFile}:\n${logTail(logFile)}`,
      );
    }
    if (Date.now() >= nextBeat) {
      const last = logTail(logFile, 1);
      log(`  API still starting… ${Math.round(waited / 1000)} s${last ? ` (its log: ${last.slice(0, 160)})` : ""}`);
      nextBeat += heartbeatMs;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, logFile, exited, stop };
}

/**
 * The last `lines` non-empty lines of a log file ("" when there is none yet).
 * @param {string} file @param {number} [lines]
 */
export function logTail(file, lines = 20) {
  if (!existsSync(file)) return "";
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(-lines)
    .join("\n");
}

/**
 * `vite build` of apps/web unless dist/ is newer than every source it is built from.
 * @param {{ log: (line: string) => void, force?: boolean }} options
 */
export async function buildWeb({ log, force = false }) {
  const index = join(WEB_DIST_DIR, "index.html");
  // WalletConnect's SDK is bundled only when it is configured (apps/web/vite.config.ts): a change of that setting
  // needs a new build too.
  const walletConnect = process.env.WALLETCONNECT_PROJECT_ID ? "with WalletConnect" : "without WalletConnect";
  const marker = join(WEB_DIST_DIR, ".walletconnect");
  const builtWith = existsSync(marker) ? readFileSync(marker, "utf8") : "without WalletConnect";
  if (!force && existsSync(index) && builtWith === walletConnect) {
    const built = statSync(index).mtimeMs;
    const sources = [
      join(WEB_DIR, "src"),
      join(WEB_DIR, "public"),
      join(WEB_DIR, "index.html"),
      join(WEB_DIR, "package.json"),
      join(WEB_DIR, "vite.config.ts"),
      join(ROOT, "packages", "wallet", "src"),
      join(ROOT, "packages", "sdk", "src"),
    ];
    if (sources.every((source) => newestMtime(source) < built)) {
      log("  apps/web/dist is current");
      return;
    }
  }
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = await run(npm, ["run", "build", "--workspace", "@fundament/web"], {
    cwd: ROOT,
    capture: true,
    silent: true,
  });
  if (result.code !== 0) {
    process.stdout.write(result.output);
    throw new Error("the web app's build failed (npm run build -w @fundament/web)");
  }
  writeFileSync(marker, walletConnect);
}

/**
 * `vite build` of apps/frame unless its dist/ is newer than every source it is built from.
 * @param {{ log: (line: string) => void, force?: boolean }} options
 */
export async function buildFrame({ log, force = false }) {
  const index = join(FRAME_DIST_DIR, "index.html");
  if (!force && existsSync(index)) {
    const built = statSync(index).mtimeMs;
    const sources = [
      join(FRAME_DIR, "src"),
      join(FRAME_DIR, "index.html"),
      join(FRAME_DIR, "social-callback.html"),
      join(FRAME_DIR, "package.json"),
      join(FRAME_DIR, "vite.config.ts"),
      join(ROOT, "packages", "wallet", "src", "features", "embedded", "protocol.ts"),
      join(ROOT, "packages", "sdk", "src"),
    ];
    if (sources.every((source) => newestMtime(source) < built)) {
      log("  apps/frame/dist is current");
      return;
    }
  }
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = await run(npm, ["run", "build", "--workspace", "@fundament/frame"], {
    cwd: ROOT,
    capture: true,
    silent: true,
  });
  if (result.code !== 0) {
    process.stdout.write(result.output);
    throw new Error("the secure frame's build failed (npm run build -w @fundament/frame)");
  }
}

/**
 * The embedded wallet's EMBEDDED_SECRET for the local stack: made once and kept in the data folder (readable by its
 * owner only), so auth shares stored by an earlier run can still be read. The environment's value wins.
 * @param {string} dataDir
 */
function embeddedSecret(dataDir) {
  if (process.env.EMBEDDED_SECRET) return process.env.EMBEDDED_SECRET;
  const file = join(dataDir, "embedded-secret");
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    if (/^[0-9a-f]{64}$/.test(kept)) return kept;
  }
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** @param {string} path */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true, encoding: "utf8" })) {
    newest = Math.max(newest, statSync(join(path, entry)).mtimeMs);
  }
  return newest;
}
