import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deploy } from "@fundament/scripts/deploy";
import { ensureArtifacts, loadArtifact } from "@fundament/scripts/lib/foundry";
import { type Deployment, parseDeployment } from "@fundament/sdk";
import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
} from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NATIVE_TOKEN_ADDRESS, type TokenId } from "../chain/caip.js";
import { ConfigError, loadConfig } from "../config.js";
import { type DexChain, dexChains } from "../convert/dex.js";
import { type TestApp, testApp } from "../testing/testApp.js";
import { DEFAULT_PRICE_FEED_MAX_AGE_SECONDS } from "./feeds.js";
import { createPricer, PRICE_CACHE_MS } from "./prices.js";

const FEED_A = "0x1000000000000000000000000000000000000001";
const FEED_B = "0x2000000000000000000000000000000000000002";
const TOKEN = "0x3000000000000000000000000000000000000003";

describe("PRICE_FEEDS and PRICE_FEED_MAX_AGE_SECONDS", () => {
  const config = (env: Record<string, string>) => loadConfig({ CHAIN_ID: "999", ...env }).priceFeeds;
  const failure = (env: Record<string, string>) => {
    try {
      config(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error("no ConfigError");
  };

  it("has no feeds and a one-hour maximum age by default", () => {
    expect(config({})).toEqual({ feeds: new Map(), maxAgeSeconds: 3600 });
    expect(DEFAULT_PRICE_FEED_MAX_AGE_SECONDS).toBe(3600);
  });

  it("reads ETH and token feeds and the maximum age", () => {
    const parsed = config({
      PRICE_FEEDS: ` eth = ${FEED_A.toUpperCase().replace("0X", "0x")} , ${TOKEN}=${FEED_B},`,
      PRICE_FEED_MAX_AGE_SECONDS: "90",
    });
    expect([...parsed.feeds]).toEqual([
      [NATIVE_TOKEN_ADDRESS, "0x1000000000000000000000000000000000000001"],
      [TOKEN, "0x2000000000000000000000000000000000000002"],
    ]);
    expect(parsed.maxAgeSeconds).toBe(90);
  });

  it("names the variable for an entry that is not two addresses", () => {
    for (const entry of [`ETH${FEED_A}`, `ETH=0x12`, `BTC=${FEED_A}`, `${TOKEN}=${FEED_A}=${FEED_B}`, `=${FEED_A}`])
      expect(failure({ PRICE_FEEDS: entry })).toBe(
        `PRICE_FEEDS: "${entry}" is not <token address or ETH>=<feed address>`,
      );
  });

  it("refuses a token listed twice, ETH also as 0xeeee…", () => {
    expect(failure({ PRICE_FEEDS: `${TOKEN}=${FEED_A},${TOKEN.toUpperCase().replace("0X", "0x")}=${FEED_B}` })).toBe(
      `PRICE_FEEDS: ${TOKEN} is listed twice`,
    );
    expect(failure({ PRICE_FEEDS: `ETH=${FEED_A},${NATIVE_TOKEN_ADDRESS}=${FEED_B}` })).toBe(
      "PRICE_FEEDS: ETH is listed twice",
    );
  });

  it("refuses a maximum age that is not a positive whole number of seconds", () => {
    for (const value of ["0", "-5", "1.5", "hour"])
      expect(failure({ PRICE_FEED_MAX_AGE_SECONDS: value })).toMatch(
        /^Invalid environment: PRICE_FEED_MAX_AGE_SECONDS: /,
      );
  });
});

const account = devLocalAccount;
/** Deploys and owns the feeds. */
const ORACLE = account(3);
/** An address without code: a feed that cannot be read. */
const NOT_A_FEED = "0x00000000000000000000000000000000000fee0d" as const;

const addLiquidityEthAbi = parseAbi([
  "function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)",
]);

type Fungible = { name: string; symbol: string; iconUrl: string; price: number; address: string };

const { rpcUrl } = testChainForFile();
let deploymentsDir: string;
let deployment: Deployment;
let client: PublicClient;
let api: TestApp;
let chain: DexChain;
let feedAbi: Abi;
let ethFeed: Address;
let wbtcFeed: Address;
let usdc: Address;
let wbtc: Address;
const logs: string[] = [];
const id = (address: string) => `eip155:31337:${address}`;
const ETH: TokenId = { chainId: 31337, address: NATIVE_TOKEN_ADDRESS, native: true };

async function ownerWrite(address: Address, functionName: string, args: unknown[] = []) {
  const wallet = createWalletClient({ account: ORACLE, chain: { ...foundry, id: 31337 }, transport: http(rpcUrl) });
  const hash = await wallet.writeContract({ address, abi: feedAbi, functionName, args });
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
}
const setAnswer = (feed: Address, answer: bigint) => ownerWrite(feed, "setAnswer", [answer]);

async function deployFeed(decimals: number, description: string, answer: bigint): Promise<Address> {
  const { bytecode } = loadArtifact("MockPriceFeed.sol", "MockPriceFeed");
  const wallet = createWalletClient({ account: ORACLE, chain: { ...foundry, id: 31337 }, transport: http(rpcUrl) });
  const hash = await wallet.deployContract({ abi: feedAbi, bytecode, args: [decimals, description, answer] });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error("MockPriceFeed was not deployed");
  return receipt.contractAddress;
}

/** A pricer on the deployment's chain with the given feeds and clock, logging into `logs`. */
function pricer(feeds: string, now: () => number = Date.now, maxAge = "3600") {
  const config = loadConfig({ CHAIN_ID: "999", PRICE_FEEDS: feeds, PRICE_FEED_MAX_AGE_SECONDS: maxAge });
  return createPricer({ now, feeds: config.priceFeeds, log: (line) => logs.push(line) });
}

beforeAll(async () => {
  await ensureArtifacts([
    ["MockPriceFeed.sol", "MockPriceFeed"],
    ["MockWBTC.sol", "MockWBTC"],
  ]);
  feedAbi = loadArtifact("MockPriceFeed.sol", "MockPriceFeed").abi;
  deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-api-feeds-"));
  deployment = parseDeployment(await deploy({ rpcUrl, deploymentsDir, log: () => {} }));
  client = createPublicClient({ transport: http(rpcUrl) });
  usdc = deployment.investmentToken as Address;
  const second = deployment.tokens?.find((token) => token.address !== usdc);
  if (!deployment.dex || !second) throw new Error("the local deployment has no DEX or second token");
  wbtc = second.address;
  ethFeed = await deployFeed(8, "ETH / USD", 2_500_00000000n);
  wbtcFeed = await deployFeed(18, "WBTC / USD", 65_000n * 10n ** 18n);
  api = await testApp({
    RPC_URL: rpcUrl,
    CHAIN_ID: "31337",
    FUND_ADDRESS: deployment.investmentFund,
    TOKEN_ADDRESS: usdc,
    DEX_ROUTER_ADDRESS: deployment.dex.router,
    DEX_FACTORY_ADDRESS: deployment.dex.factory,
    WETH_ADDRESS: deployment.dex.weth,
    SWAP_TOKENS: [usdc, wbtc].join(","),
    PRICE_FEEDS: `ETH=${ethFeed},${wbtc}=${wbtcFeed}`,
  });
  const made = await dexChains(api.config).chain(31337);
  if (!made) throw new Error("the local chain has no DEX");
  chain = made;
}, 240_000);

afterAll(async () => {
  await api?.close();
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

async function prices(addresses: string[]): Promise<Record<string, Fungible>> {
  const response = await api.app.inject({
    method: "POST",
    url: "/v1/fungible/price",
    payload: { currency: "usd", addresses },
  });
  expect(response.statusCode).toBe(200);
  const { fungibles } = response.json() as { fungibles: Fungible[] };
  return Object.fromEntries(fungibles.map((fungible) => [fungible.symbol, fungible]));
}

describe("prices from feeds", () => {
  it("answers a configured feed's price (ETH 2,500.00, not the pool's ~3,000) in the spec's shape", async () => {
    const body = await prices([id(NATIVE_TOKEN_ADDRESS), id(usdc), id(wbtc)]);
    expect(body.ETH).toEqual({
      name: "Ether",
      symbol: "ETH",
      iconUrl: "",
      price: 2500,
      address: id(NATIVE_TOKEN_ADDRESS),
    });
    // An 18-decimal feed for mWBTC; mUSDC has none and stays at 1.
    expect(body.mWBTC?.price).toBe(65_000);
    expect(body.mUSDC?.price).toBe(1);
  });

  it("keeps a price for 30 s: a new feed answer shows only after the cache", async () => {
    await setAnswer(ethFeed, 2_600_00000000n);
    expect((await prices([id(NATIVE_TOKEN_ADDRESS)])).ETH?.price).toBe(2500);

    let now = Date.now();
    const cached = pricer(`ETH=${ethFeed}`, () => now);
    expect(await cached.priced(chain, ETH)).toMatchObject({ fungible: { price: 2600 }, source: "feed" });
    await setAnswer(ethFeed, 2_700_00000000n);
    now += PRICE_CACHE_MS - 1;
    expect((await cached.price(chain, ETH))?.price).toBe(2600);
    now += 1;
    expect((await cached.price(chain, ETH))?.price).toBe(2700);
    // `force` (a balance's forceUpdate) reads again at once.
    await setAnswer(ethFeed, 2_500_00000000n);
    expect((await cached.price(chain, ETH, true))?.price).toBe(2500);
  });

  it("prices a token with only a WETH pool through ETH's feed", async () => {
    const artifact = loadArtifact("MockWBTC.sol", "MockWBTC");
    const wallet = createWalletClient({
      account: ORACLE,
      chain: { ...foundry, id: 31337 },
      transport: http(rpcUrl),
    });
    const done = async (hash: Hex) => (await client.waitForTransactionReceipt({ hash })).contractAddress;
    const token = await done(await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode }));
    if (!token || !deployment.dex) throw new Error("no token or DEX");
    const router = deployment.dex.router;
    await done(
      await wallet.writeContract({
        address: token,
        abi: artifact.abi,
        functionName: "mint",
        args: [ORACLE.address, 10n ** 9n],
      }),
    );
    await done(
      await wallet.writeContract({ address: token, abi: erc20Abi, functionName: "approve", args: [router, 10n ** 9n] }),
    );
    // 10 tokens (8 decimals) : 10 ETH, so one token is worth one ETH.
    await done(
      await wallet.writeContract({
        address: router,
        abi: addLiquidityEthAbi,
        functionName: "addLiquidityETH",
        args: [token, 10n ** 9n, 0n, 0n, ORACLE.address, 2n ** 40n],
        value: 10n ** 19n,
      }),
    );
    const only = { chainId: 31337, address: token, native: false };
    expect(await pricer(`ETH=${ethFeed}`).priced(chain, only)).toMatchObject({
      fungible: { price: 2500 },
      source: "pool",
    });
    const pools = (await pricer("").price(chain, only))?.price ?? 0;
    expect(pools).toBeGreaterThan(2_900);
    expect(pools).toBeLessThan(3_100);
  });

  it("uses the pools for a token without a feed and when no feeds are configured", async () => {
    const none = pricer("");
    const eth = await none.priced(chain, ETH);
    expect(eth?.source).toBe("pool");
    expect(eth?.fungible.price).toBeGreaterThan(2_900);
    expect(eth?.fungible.price).toBeLessThan(3_100);
    expect(await pricer(`ETH=${ethFeed}`).priced(chain, { chainId: 31337, address: usdc, native: false })).toEqual({
      fungible: expect.objectContaining({ price: 1 }),
      source: "pool",
    });
  });
});

describe("feed answers that are ignored (logged, the pool's price instead)", () => {
  const expectPool = async (feeds: string, token: TokenId, reason: RegExp, maxAge?: string) => {
    logs.length = 0;
    const result = await pricer(feeds, Date.now, maxAge).priced(chain, token);
    expect(result?.source).toBe("pool");
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(reason);
    expect(logs[0]).toMatch(/using the pools$/);
    return result?.fungible.price ?? 0;
  };
  const expectPoolEth = async (reason: RegExp, maxAge?: string) => {
    const price = await expectPool(`ETH=${ethFeed}`, ETH, reason, maxAge);
    expect(price).toBeGreaterThan(2_900);
    expect(price).toBeLessThan(3_100);
  };

  it("a negative or zero answer", async () => {
    await setAnswer(ethFeed, -1n);
    await expectPoolEth(/ignored: answered -1;/);
    await setAnswer(ethFeed, 0n);
    await expectPoolEth(/ignored: answered 0;/);
    await setAnswer(ethFeed, 2_500_00000000n);
    expect(await pricer(`ETH=${ethFeed}`).priced(chain, ETH)).toMatchObject({ source: "feed" });
  });

  it("a stale answer (older than PRICE_FEED_MAX_AGE_SECONDS)", async () => {
    const block = await client.getBlock();
    await ownerWrite(ethFeed, "setUpdatedAt", [block.timestamp - 7_200n]);
    await expectPoolEth(/ignored: last updated .*, over 3600 s ago;/);
    // A longer maximum age accepts the same answer.
    expect(await pricer(`ETH=${ethFeed}`, Date.now, "10800").priced(chain, ETH)).toMatchObject({
      fungible: { price: 2500 },
      source: "feed",
    });
    await setAnswer(ethFeed, 2_500_00000000n);
  });

  it("a round that is not answered", async () => {
    await ownerWrite(ethFeed, "startRound");
    await expectPoolEth(/ignored: round \d+ is not answered \(answered in round \d+\);/);
    await setAnswer(ethFeed, 2_500_00000000n);
  });

  it("a feed that cannot be read", async () => {
    const price = await expectPool(
      `${usdc}=${NOT_A_FEED}`,
      { chainId: 31337, address: usdc, native: false },
      /could not be read/,
    );
    expect(price).toBe(1);
  });
});
