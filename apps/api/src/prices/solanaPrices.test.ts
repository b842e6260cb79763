import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deploy } from "@fundament/scripts/deploy";
import { ensureArtifacts, loadArtifact } from "@fundament/scripts/lib/foundry";
import { type Deployment, parseDeployment } from "@fundament/sdk";
import { type SolanaLocal, startSolanaLocal } from "@fundament/solana-local";
import { devLocalAccount, freePort } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { type Abi, type Address, createPublicClient, createWalletClient, http, type PublicClient } from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSolanaTokenId, parseTokenId } from "../chain/caip.js";
import { ConfigError, loadConfig } from "../config.js";
import { type TestApp, testApp } from "../testing/testApp.js";
import { PRICE_CACHE_MS } from "./prices.js";
import { createSolanaPricer, WRAPPED_SOL_MINT } from "./solanaPrices.js";

/** The local Solana RPC's CAIP-2 reference (its genesis hash's first 32 characters). */
const LOCAL_REFERENCE = "CKzSJtA56Nm5gFMGL4L9eQoRjRjsT9Fs";
/** Solana mainnet's reference: a chain the API is not configured for. */
const MAINNET_REFERENCE = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
/** Mainnet USDC: a valid mint that is not listed in SOLANA_USD_MINTS. */
const UNLISTED_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const FEED = "0x1000000000000000000000000000000000000001";

describe("solana CAIP-10 ids", () => {
  it("parses solana:<reference>:<mint> in any case and leaves eip155 parsing alone", () => {
    const id = `solana:${LOCAL_REFERENCE}:${WRAPPED_SOL_MINT}`;
    expect(parseSolanaTokenId(id)).toEqual({ reference: LOCAL_REFERENCE, mint: WRAPPED_SOL_MINT });
    expect(parseSolanaTokenId(id.toLowerCase())).toEqual({
      reference: LOCAL_REFERENCE.toLowerCase(),
      mint: WRAPPED_SOL_MINT.toLowerCase(),
    });
    expect(parseTokenId(id)).toBeUndefined();
    expect(parseSolanaTokenId("eip155:1:0x1000000000000000000000000000000000000001")).toBeUndefined();
    expect(parseTokenId("eip155:1:0x1000000000000000000000000000000000000001")?.chainId).toBe(1);
  });

  it("refuses malformed ids", () => {
    for (const value of [
      `solana:${LOCAL_REFERENCE}`,
      `solana:${LOCAL_REFERENCE}:${WRAPPED_SOL_MINT}:x`,
      `solana:${LOCAL_REFERENCE.slice(1)}:${WRAPPED_SOL_MINT}`,
      `solana:${LOCAL_REFERENCE}:So1111`,
      `solana:${LOCAL_REFERENCE}:${"0".repeat(43)}`,
      `solana:${LOCAL_REFERENCE}:${WRAPPED_SOL_MINT}1111`,
      `bip122:${LOCAL_REFERENCE}:${WRAPPED_SOL_MINT}`,
      "",
    ])
      expect(parseSolanaTokenId(value)).toBeUndefined();
  });
});

describe("SOLANA_USD_MINTS and SOLANA_SOL_USD_FEED", () => {
  const config = (env: Record<string, string>) => loadConfig({ CHAIN_ID: "999", ...env }).solanaPrices;
  const failure = (env: Record<string, string>) => {
    try {
      config(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error("no ConfigError");
  };

  it("has no USD mints and no SOL feed by default", () => {
    expect(config({})).toEqual({ usdMints: [], solUsdFeed: undefined });
  });

  it("reads mints with and without a symbol, and the feed", () => {
    expect(
      config({ SOLANA_USD_MINTS: ` ${UNLISTED_MINT}=USDC , ${WRAPPED_SOL_MINT},`, SOLANA_SOL_USD_FEED: ` ${FEED} ` }),
    ).toEqual({
      usdMints: [
        { mint: UNLISTED_MINT, symbol: "USDC" },
        { mint: WRAPPED_SOL_MINT, symbol: "So11…" },
      ],
      solUsdFeed: FEED,
    });
  });

  it("names the variable for a bad entry", () => {
    for (const entry of ["0x1000000000000000000000000000000000000001", `${UNLISTED_MINT}=`, `${UNLISTED_MINT}=A=B`])
      expect(failure({ SOLANA_USD_MINTS: entry })).toBe(
        `SOLANA_USD_MINTS: "${entry}" is not <mint> or <mint>=<symbol>`,
      );
    expect(failure({ SOLANA_USD_MINTS: `${UNLISTED_MINT},${UNLISTED_MINT}=USDC` })).toBe(
      `SOLANA_USD_MINTS: ${UNLISTED_MINT} is listed twice`,
    );
    expect(failure({ SOLANA_SOL_USD_FEED: WRAPPED_SOL_MINT })).toBe(
      `SOLANA_SOL_USD_FEED: "${WRAPPED_SOL_MINT}" is not a price feed address (0x and 40 hex digits)`,
    );
  });
});

const ORACLE = devLocalAccount(3);

type Fungible = { name: string; symbol: string; iconUrl: string; price: number; address: string };

const { rpcUrl } = testChainForFile();
let solana: SolanaLocal;
let deploymentsDir: string;
let deployment: Deployment;
let client: PublicClient;
let api: TestApp;
let feedAbi: Abi;
let solFeed: Address;
let usdMint: string;
const logs: string[] = [];
const sol = (reference = LOCAL_REFERENCE) => `solana:${reference}:${WRAPPED_SOL_MINT}`;
const spl = (mint: string, reference = LOCAL_REFERENCE) => `solana:${reference}:${mint}`;

async function ownerWrite(functionName: string, args: unknown[] = []) {
  const wallet = createWalletClient({ account: ORACLE, chain: { ...foundry, id: 31337 }, transport: http(rpcUrl) });
  const hash = await wallet.writeContract({ address: solFeed, abi: feedAbi, functionName, args });
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
}

/** A Solana pricer as the route makes it, on `rpcUrl`, logging into `logs`. */
function pricer(rpcUrl: string | undefined = solana.url, now: () => number = Date.now) {
  return createSolanaPricer({
    rpcUrl,
    config: { usdMints: [{ mint: usdMint, symbol: "mUSDC" }], solUsdFeed: solFeed },
    feedClient: client,
    maxAgeSeconds: 3600,
    now,
    log: (line) => logs.push(line),
  });
}

beforeAll(async () => {
  await ensureArtifacts([["MockPriceFeed.sol", "MockPriceFeed"]]);
  const artifact = loadArtifact("MockPriceFeed.sol", "MockPriceFeed");
  feedAbi = artifact.abi;
  solana = await startSolanaLocal({ port: 0 });
  usdMint = solana.mint.address;
  deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-api-solana-prices-"));
  deployment = parseDeployment(await deploy({ rpcUrl, deploymentsDir, log: () => {} }));
  client = createPublicClient({ transport: http(rpcUrl) });
  const wallet = createWalletClient({ account: ORACLE, chain: { ...foundry, id: 31337 }, transport: http(rpcUrl) });
  const hash = await wallet.deployContract({
    abi: feedAbi,
    bytecode: artifact.bytecode,
    args: [8, "SOL / USD", 150_00000000n],
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress || !deployment.dex) throw new Error("no SOL/USD feed or DEX");
  solFeed = receipt.contractAddress;
  api = await testApp({
    RPC_URL: rpcUrl,
    CHAIN_ID: "31337",
    FUND_ADDRESS: deployment.investmentFund,
    TOKEN_ADDRESS: deployment.investmentToken as string,
    DEX_ROUTER_ADDRESS: deployment.dex.router,
    DEX_FACTORY_ADDRESS: deployment.dex.factory,
    WETH_ADDRESS: deployment.dex.weth,
    SOLANA_RPC_URL: solana.url,
    SOLANA_USD_MINTS: `${usdMint}=mUSDC`,
    SOLANA_SOL_USD_FEED: solFeed,
  });
}, 240_000);

afterAll(async () => {
  await api?.close();
  await solana?.stop();
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

async function prices(app: TestApp, addresses: string[]): Promise<Fungible[]> {
  const response = await app.app.inject({
    method: "POST",
    url: "/v1/fungible/price",
    payload: { currency: "usd", addresses },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { fungibles: Fungible[] }).fungibles;
}

describe("Solana prices in POST /v1/fungible/price", () => {
  it("the local chain's genesis hash is the expected reference", () => {
    expect(solana.genesisHash.slice(0, 32)).toBe(LOCAL_REFERENCE);
    expect(usdMint).toBe("byuipq8PM7JrhSM1gyhsbAZpTryPEA8SZLeBZTGonJn");
  });

  it("prices SOL from the feed (150.00) and the USD mint at 1, in canonical case, next to eip155 ids", async () => {
    // The wallet sends lower-cased ids (and matches the answer lower-cased).
    const ids = [sol(), spl(usdMint), `eip155:31337:${deployment.investmentToken}`].map((id) => id.toLowerCase());
    const fungibles = await prices(api, ids);
    expect(fungibles).toEqual([
      expect.objectContaining({ symbol: "mUSDC", price: 1, address: `eip155:31337:${deployment.investmentToken}` }),
      { name: "Solana", symbol: "SOL", iconUrl: "", price: 150, address: sol() },
      { name: "mUSDC", symbol: "mUSDC", iconUrl: "", price: 1, address: spl(usdMint) },
    ]);
    // The exact case is answered the same.
    expect(await prices(api, [sol(), spl(usdMint)])).toHaveLength(2);
  });

  it("leaves out a mint that is not listed and ids of another Solana chain", async () => {
    expect(await prices(api, [spl(UNLISTED_MINT), spl(solana.accounts[0]?.address ?? "")])).toEqual([]);
    expect(await prices(api, [sol(MAINNET_REFERENCE), spl(usdMint, MAINNET_REFERENCE)])).toEqual([]);
    expect(await prices(api, [sol(MAINNET_REFERENCE), spl(usdMint)])).toEqual([
      expect.objectContaining({ symbol: "mUSDC", address: spl(usdMint) }),
    ]);
  });

  it("leaves Solana ids out without a 5xx while the Solana RPC is down (logged)", async () => {
    const closedPort = await freePort();
    const down = await testApp({
      RPC_URL: rpcUrl,
      CHAIN_ID: "31337",
      FUND_ADDRESS: deployment.investmentFund,
      TOKEN_ADDRESS: deployment.investmentToken as string,
      SOLANA_RPC_URL: `http://127.0.0.1:${closedPort}`,
      SOLANA_USD_MINTS: usdMint,
      SOLANA_SOL_USD_FEED: solFeed,
    });
    try {
      expect(await prices(down, [sol(), spl(usdMint)])).toEqual([]);
    } finally {
      await down.close();
    }
    logs.length = 0;
    expect(
      await pricer(`http://127.0.0.1:${closedPort}`).prices([{ reference: LOCAL_REFERENCE, mint: usdMint }]),
    ).toEqual([]);
    expect(logs).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Solana RPC http://127\\.0\\.0\\.1:${closedPort} could not be read \\(.+\\); Solana tokens are left out$`,
        ),
      ),
    ]);
    // Without SOLANA_RPC_URL nothing is priced (the reference cannot be checked).
    const noRpc = createSolanaPricer({
      rpcUrl: undefined,
      config: { usdMints: [{ mint: usdMint, symbol: "mUSDC" }], solUsdFeed: solFeed },
      feedClient: client,
      maxAgeSeconds: 3600,
    });
    expect(await noRpc.prices([{ reference: LOCAL_REFERENCE, mint: usdMint }])).toEqual([]);
  });

  it("keeps SOL's price for 30 s and leaves SOL out while the feed is stale (logged)", async () => {
    let now = Date.now();
    const cached = pricer(solana.url, () => now);
    const SOL_ID = { reference: LOCAL_REFERENCE, mint: WRAPPED_SOL_MINT };
    expect((await cached.prices([SOL_ID]))[0]?.price).toBe(150);
    await ownerWrite("setAnswer", [151_50000000n]);
    now += PRICE_CACHE_MS - 1;
    expect((await cached.prices([SOL_ID]))[0]?.price).toBe(150);
    now += 1;
    expect((await cached.prices([SOL_ID]))[0]?.price).toBe(151.5);

    const block = await client.getBlock();
    await ownerWrite("setUpdatedAt", [block.timestamp - 7_200n]);
    logs.length = 0;
    const fresh = pricer();
    expect(await fresh.prices([SOL_ID, { reference: LOCAL_REFERENCE, mint: usdMint }])).toEqual([
      expect.objectContaining({ symbol: "mUSDC", price: 1 }),
    ]);
    expect(logs).toEqual([
      expect.stringMatching(
        /^price feed 0x[0-9a-fA-F]{40} for SOL ignored: last updated .*, over 3600 s ago; SOL is left out$/,
      ),
    ]);
    // A feed that cannot be read leaves SOL out too.
    const unreadable = createSolanaPricer({
      rpcUrl: solana.url,
      config: { usdMints: [], solUsdFeed: "0x00000000000000000000000000000000000fee0d" },
      feedClient: client,
      maxAgeSeconds: 3600,
      log: (line) => logs.push(line),
    });
    expect(await unreadable.prices([SOL_ID])).toEqual([]);
    expect(logs.at(-1)).toMatch(/for SOL could not be read .*; SOL is left out$/);
    await ownerWrite("setAnswer", [150_00000000n]);
    expect((await pricer().prices([SOL_ID]))[0]?.price).toBe(150);
  });

  it("reads the genesis hash once: a pricer that has it keeps pricing after the RPC stops", async () => {
    const own = await startSolanaLocal({ port: 0 });
    const kept = pricer(own.url);
    const USD_ID = { reference: LOCAL_REFERENCE, mint: usdMint };
    expect(await kept.prices([USD_ID])).toHaveLength(1);
    await own.stop();
    expect(await kept.prices([USD_ID])).toHaveLength(1);
    expect(await pricer(own.url).prices([USD_ID])).toEqual([]);
  });
});
