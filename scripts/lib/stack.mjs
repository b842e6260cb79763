// @ts-check
/**
 * The whole local stack in one call, shared by `npm start` and the browser journeys (e2e/):
 * anvil → deploy (with the ERC-4337 EntryPoint, account factory and the fund's paymaster) → the bundler (Alto)
 * and the demo seed → the embedded wallet's local sign-in services (SMTP catcher, OpenID Connect provider, Farcaster
 * relay) → the API (child process, embedded database, demo data) → the web app's production build served with its
 * runtime /config.json, and the embedded wallet's secure frame on an origin of its own.
 */
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
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
 * @property {{ extraArgs?: string[], stopTimeoutMs?: number }} [anvil] more anvil flags (a fresh chain only) and how
 *   long its stop waits before SIGKILL (`saveStackSnapshot` waits for anvil to write its state)
 * @property {StackSnapshot} [snapshot] start from a saved seeded chain (`stack-snapshot.mjs`) instead of deploying and
 *   seeding: anvil loads its state, the API starts on a copy of its data folder
 */

/**
 * @typedef {object} StackSnapshot a seeded stack saved once (by `saveStackSnapshot`) and started many times
 * @property {string} stateFile anvil's state with its blocks, logs and historical states (`--load-state`)
 * @property {string} dataDir the API's data folder as the saved stack left it (its database has indexed the chain
 *   and holds the round reports): copied into the new stack's data folder
 * @property {import("../deploy.mjs").Deployment} deployment
 * @property {import("../seed.mjs").SeedSummary} summary
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
  if (options.snapshot) cpSync(options.snapshot.dataDir, dataDir, { recursive: true });
  const life = createLifetime();
  /** @type {StackContext} */
  const context = { options, host, dataDir, log, step, life };

  try {
    const anvil = await startChain(context);
    const ports = await stackPorts(context);
    // What does not need the contracts starts beside the deploy and the seed: the local Solana RPC, the sign-in
    // services and the web and frame builds.
    const solanaStarting = life.starting(startLocalSolana(context, ports.solana));
    const localAuthStarting = life.starting(startSignInServices(context, anvil, ports));
    // From a snapshot the builds are the ones made when it was saved: stacks that run side by side never rebuild
    // dist/ under each other's pages.
    if (!options.snapshot) step("build the web app and the secure frame (vite build, skipped when dist/ is current)");
    const building = options.snapshot ? Promise.resolve() : buildWeb({ log }).then(() => buildFrame({ log }));
    // A build that fails while the API starts must reach `await building` below (and the stops), not crash the
    // process as an unhandled rejection that leaves the API and anvil running.
    building.catch(() => undefined);

    const { deployment, summary, bundlerStarting } = await deployAndSeed(context, anvil, ports);

    // SOL's USD price in the API (SOLANA_SOL_USD_FEED): deployed after the seed, when the chain's clock is at the
    // wall clock, so its answer is not stale; it is posted again every 20 minutes while the stack runs.
    step("SOL/USD price feed (MockPriceFeed at 150.00 USD)");
    const solFeed = await startSolUsdFeed({ rpcUrl: anvil.url });
    life.onStop(async () => solFeed.stop());
    deployment.priceFeeds = { ...deployment.priceFeeds, "SOL/USD": solFeed.address };

    const solana = await solanaStarting;
    const localAuth = await localAuthStarting;
    const api = await startSupervisedApi(context, { anvil, deployment, ports, solana, localAuth });
    // The seed settled its rounds with NAV reports built from the chain: the API serves them once published (it
    // stores each only when its hash is the one the chain carries). A snapshot's API has them already.
    if (!options.snapshot) {
      await publishReports(ports.apiUrl, summary.reports).catch((error) => {
        throw new Error(
          `publishing the seed's round reports to the API failed: ${error.message}; see ${api.logFile()}`,
        );
      });
    }

    await bundlerStarting;
    await building;
    const webConfig = webRuntimeConfig({ anvil, deployment, ports, solana, localAuth });
    const web = await serveWeb({ port: options.webPort, host, config: webConfig });
    life.onStop(() => web.close());
    step(`web app on ${web.url}`);
    const frame = await serveFrame({
      port: ports.frame,
      host,
      config: frameRuntimeConfig({ anvil, deployment, ports }),
    });
    life.onStop(() => frame.close());
    step(`secure frame on ${frame.url}; mail inbox on ${localAuth.inboxUrl}`);

    return {
      anvil,
      deployment,
      summary,
      rpcUrl: anvil.url,
      apiUrl: ports.apiUrl,
      webUrl: web.url,
      bundlerUrl: ports.bundlerUrl,
      solana,
      frameUrl: frame.url,
      localAuth,
      api: { stop: api.stop, restart: api.restart },
      failed: life.failed,
      stop: life.stop,
    };
  } catch (error) {
    await life.stop();
    throw error;
  }
}

/**
 * @typedef {object} StackContext
 * @property {StackOptions} options
 * @property {string} host
 * @property {string} dataDir
 * @property {(line: string) => void} log
 * @property {(text: string) => void} step
 * @property {Lifetime} life
 */

/**
 * @typedef {object} Lifetime
 * @property {(fn: () => Promise<void>) => void} onStop runs `fn` when the stack stops (last registered, first run)
 * @property {(exited: Promise<number | null>, what: string, logFile: string) => void} watch a service that exits on its
 *   own (not while the stack stops) fails the stack, naming it and its log
 * @property {<T>(promise: Promise<T>) => Promise<T>} starting a service that starts beside others: its failure
 *   reaches whoever awaits it, never the process as an unhandled rejection, and `stop` waits for it to finish starting
 *   (so that what it started is stopped too)
 * @property {Promise<string>} failed resolves with a reason when a service dies on its own
 * @property {() => boolean} isStopped
 * @property {() => Promise<void>} stop stops everything that was started (idempotent)
 */

/** @returns {Lifetime} */
function createLifetime() {
  /** @type {Array<() => Promise<void>>} */
  const stops = [];
  let stopped = false;
  /** @type {Set<Promise<unknown>>} */
  const pending = new Set();
  /** @type {(reason: string) => void} */
  let fail = () => undefined;
  /** @type {Promise<string>} */
  const failed = new Promise((resolve) => {
    fail = resolve;
  });
  return {
    onStop: (fn) => stops.push(fn),
    watch: (exited, what, logFile) => {
      exited.then((code) => {
        if (!stopped) fail(`${what} exited unexpectedly (code ${code}); see ${logFile}`);
      });
    },
    starting: (promise) => {
      pending.add(promise);
      promise.then(
        () => pending.delete(promise),
        () => pending.delete(promise),
      );
      return promise;
    },
    failed,
    isStopped: () => stopped,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await Promise.allSettled(pending);
      for (const fn of stops.reverse()) await fn().catch(() => undefined);
    },
  };
}

/**
 * anvil: a fresh chain whose genesis lies as far in the past as the seed moves its clock (so it ends at the wall
 * clock), or the snapshot's chain, loaded as it was saved (blocks, logs and historical states included).
 * @param {StackContext} context
 */
async function startChain({ options, host, dataDir, step, life }) {
  if (!options.snapshot) {
    step("forge build");
    await forgeBuild({ silent: true });
  }
  const logFile = join(dataDir, "anvil.log");
  step(`anvil on ${host}:${options.anvilPort} (log in ${logFile})`);
  const anvil = await startAnvil({
    host,
    port: options.anvilPort,
    logFile,
    ...(options.snapshot
      ? { extraArgs: ["--load-state", options.snapshot.stateFile] }
      : {
          timestamp: seedGenesisTimestamp(
            options.lockupPeriodDuration ?? DEFAULT_LOCKUP_PERIOD_DURATION,
            undefined,
            options.timelockDelay,
          ),
        }),
    ...(options.anvil?.extraArgs && !options.snapshot ? { extraArgs: options.anvil.extraArgs } : {}),
    ...(options.anvil?.stopTimeoutMs ? { stopTimeoutMs: options.anvil.stopTimeoutMs } : {}),
  });
  life.onStop(() => anvil.stop());
  life.watch(anvil.exited, "anvil", logFile);
  return anvil;
}

/**
 * Every port and URL the stack serves on: the given ones, free ports for the rest.
 * @param {StackContext} context
 */
async function stackPorts({ options, host }) {
  const free = async (/** @type {number | undefined} */ port) => port ?? (await freePort(host));
  const [solana, bundler, frame, smtp, inbox, oidc, relay] = [
    await free(options.solanaRpcPort),
    await free(options.bundlerPort),
    await free(options.framePort),
    await free(options.smtpPort),
    await free(options.inboxPort),
    await free(options.oidcPort),
    await free(options.farcasterRelayPort),
  ];
  return {
    solana,
    frame,
    smtp,
    inbox,
    oidc,
    relay,
    bundlerPort: bundler,
    bundlerUrl: `http://${host}:${bundler}`,
    apiUrl: `http://${host}:${options.apiPort}`,
    webUrl: `http://${host}:${options.webPort}`,
    frameUrl: `http://${host}:${frame}`,
  };
}
/** @typedef {Awaited<ReturnType<typeof stackPorts>>} StackPorts */

/**
 * @param {StackContext} context
 * @param {number} port
 */
async function startLocalSolana({ host, dataDir, step, life }, port) {
  const logFile = join(dataDir, "solana.log");
  step(`Solana RPC (LiteSVM) on ${host}:${port} (log in ${logFile})`);
  const solana = await startSolanaRpc({ host, port, logFile });
  life.onStop(() => solana.stop());
  life.watch(solana.exited, "the Solana RPC", logFile);
  return solana;
}

/**
 * The embedded wallet's sign-in: mails go to the local catcher, social logins to the local OpenID Connect provider
 * (one client per provider), Farcaster to the local relay (custody checked on anvil).
 * @param {StackContext} context
 * @param {import("@fundament/test-chain").Anvil} anvil
 * @param {StackPorts} ports
 */
async function startSignInServices({ host, dataDir, step, life }, anvil, ports) {
  const logFile = join(dataDir, "local-auth.log");
  step(`local sign-in services: SMTP catcher, OpenID Connect provider, Farcaster relay (log in ${logFile})`);
  const clients = localOidcClients({ frameOrigin: ports.frameUrl });
  const localAuth = await startLocalAuth({
    host,
    smtpPort: ports.smtp,
    inboxPort: ports.inbox,
    oidcPort: ports.oidc,
    relayPort: ports.relay,
    rpcUrl: anvil.url,
    clients,
    logFile,
  });
  life.onStop(() => localAuth.stop());
  life.watch(localAuth.exited, "the local sign-in services", logFile);
  return { ...localAuth, clients };
}
/** @typedef {Awaited<ReturnType<typeof startSignInServices>>} SignInServices */

/**
 * The contracts and the demo world: deployed and seeded, or the snapshot's, whose chain already holds them. The bundler
 * starts once the EntryPoint is there (while the seed runs) and is awaited by the caller: nothing before the web app
 * needs it.
 * @param {StackContext} context
 * @param {import("@fundament/test-chain").Anvil} anvil
 * @param {StackPorts} ports
 * @returns {Promise<{ deployment: import("../deploy.mjs").Deployment, summary: import("../seed.mjs").SeedSummary,
 *   bundlerStarting: Promise<unknown> }>}
 */
async function deployAndSeed(context, anvil, ports) {
  const { options, log, step, life } = context;
  if (options.snapshot) {
    const { deployment, summary } = options.snapshot;
    if (options.deploymentsDir) writeDeploymentRecord(options.deploymentsDir, deployment);
    const bundlerStarting = life.starting(startLocalBundler(context, anvil, ports, deployment.entryPoint));
    return { deployment: structuredClone(deployment), summary, bundlerStarting };
  }
  step("deploy");
  const deployment = await deploy({
    rpcUrl: anvil.url,
    deploymentsDir: options.deploymentsDir,
    minimumInvestment: options.minimumInvestment,
    lockupPeriodDuration: options.lockupPeriodDuration,
    ...(options.timelockDelay === undefined ? {} : { timelockDelay: options.timelockDelay }),
    bundlerUrl: ports.bundlerUrl,
    log,
  });
  // It sends from keys of its own, so it does not get in the seed's way.
  const bundlerStarting = life.starting(startLocalBundler(context, anvil, ports, deployment.entryPoint));
  step("seed demo state");
  const summary = await seed({ rpcUrl: anvil.url, deployment, log });
  return { deployment, summary, bundlerStarting };
}

/**
 * @param {StackContext} context
 * @param {import("@fundament/test-chain").Anvil} anvil
 * @param {StackPorts} ports
 * @param {import("viem").Address} entryPoint
 */
async function startLocalBundler({ host, dataDir, step, life }, anvil, ports, entryPoint) {
  const logFile = join(dataDir, "bundler.log");
  step(`bundler (Alto) on ${ports.bundlerUrl} for EntryPoint ${entryPoint} (log in ${logFile})`);
  const bundler = await startBundler({ rpcUrl: anvil.url, entryPoint, port: ports.bundlerPort, host, logFile });
  life.onStop(() => bundler.stop());
  life.watch(bundler.exited, "the bundler (Alto)", logFile);
  return bundler;
}

/**
 * `<chainId>.json` in `dir`, as deploy writes it.
 * @param {string} dir @param {import("../deploy.mjs").Deployment} deployment
 */
function writeDeploymentRecord(dir, deployment) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${deployment.chainId}.json`), `${JSON.stringify(deployment, null, 2)}\n`);
}

/**
 * The API as a watched child process (see `superviseApi`) on the stack's chain, sign-in services and data folder.
 * @param {StackContext} context
 * @param {{ anvil: import("@fundament/test-chain").Anvil, deployment: import("../deploy.mjs").Deployment,
 *   ports: StackPorts, solana: import("./solana.mjs").SolanaRpc, localAuth: SignInServices }} parts
 */
async function startSupervisedApi({ options, host, dataDir, log, step, life }, parts) {
  const { apiUrl } = parts.ports;
  step(`API on ${apiUrl} (embedded database in ${join(dataDir, "api-pglite")}, demo data)`);
  const apiOptions = {
    host,
    port: options.apiPort,
    dataDir,
    log,
    env: { ...apiEnvironment({ ...parts, host, dataDir, webPort: options.webPort }), ...options.apiEnv },
  };
  const api = superviseApi(await startApi(apiOptions), {
    start: () => startApi(apiOptions),
    log,
    apiUrl,
    isStopped: life.isStopped,
  });
  life.onStop(() => api.close());
  return api;
}

/**
 * The API's environment on the local stack.
 * @param {{ anvil: import("@fundament/test-chain").Anvil, deployment: import("../deploy.mjs").Deployment,
 *   ports: StackPorts, solana: import("./solana.mjs").SolanaRpc, localAuth: SignInServices, host: string,
 *   dataDir: string, webPort: number }} parts
 * @returns {Record<string, string>}
 */
function apiEnvironment({ anvil, deployment, ports, solana, localAuth, host, dataDir, webPort }) {
  const { webUrl, apiUrl, frameUrl, bundlerUrl } = ports;
  return {
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
    SOLANA_SOL_USD_FEED: deployment.priceFeeds?.["SOL/USD"] ?? "",
    // The swap, price and balance routes: the local Uniswap V2 and the tokens it pools (mUSDC first).
    ...(deployment.dex && {
      DEX_ROUTER_ADDRESS: deployment.dex.router,
      DEX_FACTORY_ADDRESS: deployment.dex.factory,
      WETH_ADDRESS: deployment.dex.weth,
      SWAP_TOKENS: (deployment.tokens ?? []).map((/** @type {{ address: string }} */ t) => t.address).join(","),
    }),
    WEB_ORIGIN: [webUrl, webUrl.replace("127.0.0.1", "localhost")].join(","),
    SIWE_DOMAINS: [`${host}:${webPort}`, `localhost:${webPort}`].join(","),
    DEMO_DATA: "1",
    // The local on-ramp checkout delivers bought tokens from anvil's public test account 9 (local chain only).
    ONRAMP_TREASURY_KEY: devAccount(9).privateKey,
    // The embedded wallet (email, social, Farcaster): its secret stays in the data folder across restarts.
    EMBEDDED_SECRET: embeddedSecret(dataDir),
    SMTP_URL: localAuth.smtpUrl,
    EMBEDDED_FRAME_ORIGIN: frameUrl,
    PUBLIC_API_URL: apiUrl,
    OIDC_PROVIDERS: JSON.stringify(
      localAuth.clients.map(({ provider, name, clientId, clientSecret }) => ({
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
      FARCASTER_DOMAIN: `${host}:${webPort}`,
      FARCASTER_SIWE_URI: `${webUrl}/`,
    }),
  };
}

/**
 * The web app's runtime /config.json on the local stack.
 * @param {{ anvil: import("@fundament/test-chain").Anvil, deployment: import("../deploy.mjs").Deployment,
 *   ports: StackPorts, solana: import("./solana.mjs").SolanaRpc, localAuth: SignInServices }} parts
 */
function webRuntimeConfig({ anvil, deployment, ports, solana, localAuth }) {
  return {
    chainId: deployment.chainId,
    rpcUrl: anvil.url,
    apiUrl: ports.apiUrl,
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
      bundlerUrl: ports.bundlerUrl,
      // The tokens the wallet lists (balances, USD total, Send): the investment token and the DEX's other tokens.
      ...(deployment.tokens ? { tokens: deployment.tokens } : {}),
    },
    ...(process.env.WALLETCONNECT_PROJECT_ID ? { walletConnectProjectId: process.env.WALLETCONNECT_PROJECT_ID } : {}),
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
      frameUrl: ports.frameUrl,
      socialProviders: [...LOCAL_SOCIAL_PROVIDERS],
      farcaster: Boolean(localAuth.farcasterRelayUrl),
    },
    // The wallet's Solana family: the local Solana RPC, its network (genesis hash) and its SPL token.
    solana: {
      rpcUrl: solana.url,
      genesisHash: solana.genesisHash,
      mint: { ...solana.mint, name: "Mock USD Coin" },
    },
  };
}

/**
 * The secure frame's runtime configuration: the API, the app's origins, the chain, and the contracts it names in
 * its prompts.
 * @param {{ anvil: import("@fundament/test-chain").Anvil, deployment: import("../deploy.mjs").Deployment,
 *   ports: StackPorts }} parts
 */
function frameRuntimeConfig({ anvil, deployment, ports }) {
  const { webUrl } = ports;
  /** @param {string} address @param {string} name @param {"investmentFund" | "fundGovernor" | "fundTimelock" | "fundPaymaster" | "erc20" | "uniswapV2Router"} abi */
  const known = (address, name, abi) => ({ address, name, abi });
  return {
    apiUrl: ports.apiUrl,
    parentOrigins: [webUrl, webUrl.replace("127.0.0.1", "localhost")],
    chains: [{ id: deployment.chainId, name: "Anvil (local)", rpcUrl: anvil.url }],
    knownContracts: [
      known(deployment.investmentFund, "InvestmentFund", "investmentFund"),
      known(deployment.fundGovernor, "FundGovernor", "fundGovernor"),
      known(deployment.fundTimelock, "FundTimelock", "fundTimelock"),
      // The frame says "gas paid by the fund" only for this exact paymaster.
      ...(deployment.fundPaymaster ? [known(deployment.fundPaymaster, "Fund paymaster", "fundPaymaster")] : []),
      ...(deployment.tokens ?? []).map((/** @type {{ address: string, symbol: string }} */ t) =>
        known(t.address, t.symbol, "erc20"),
      ),
      ...(deployment.dex ? [known(deployment.dex.router, "Uniswap V2 Router", "uniswapV2Router")] : []),
    ],
  };
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
