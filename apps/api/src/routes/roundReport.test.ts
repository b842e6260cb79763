/**
 * A round's NAV report through the API, against a real anvil (the demo deployed and seeded) and the local exchange
 * that speaks Bybit's v5 wire format: built when the NFT vault's round 2 has come back (the exchange account's equity,
 * balances and positions in it), reproducible from the chain at its block, never built on a missing exchange answer,
 * served byte for byte once the settlement carries its hash, and published by anyone only when the chain agrees.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deploy } from "@fundament/scripts/deploy";
import { seed } from "@fundament/scripts/seed";
import {
  buildRoundReport,
  createFundPublicClient,
  type Deployment,
  investmentFundAbi,
  mockUsdcAbi,
  parseDeployment,
  parseRoundReport,
  serializeRoundReport,
} from "@fundament/sdk";
import { devLocalAccount } from "@fundament/test-chain";
import { rpc, testChainForFile } from "@fundament/test-chain/vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Address, createWalletClient, erc20Abi, http, keccak256, type PublicClient, stringToBytes } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { roundReports } from "../db/schema.js";
import { type FakeBybit, startFakeBybit } from "../testing/fakeBybit.js";
import { testApp } from "../testing/testApp.js";
import { drivers, testDatabase } from "../testing/testDatabase.js";

const NFT_VAULT = 2n;
/** The time the exchange is asked at, pinned: the same chain and exchange answer give the same bytes. */
const ASKED_AT = new Date("2026-11-28T12:00:00.000Z");
const API_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { rpcUrl } = testChainForFile();
let deploymentsDir: string;
let deployment: Deployment;
let client: PublicClient;
let database: Database;
let fake: FakeBybit;
let app: FastifyInstance;
let url: string;
let poolId: bigint;
let collected: bigint;
/** The report the first test builds (and the settlement then carries). */
let text: string;
let hash: `0x${string}`;

const reportUrl = (vaultId: bigint | number | string, pool: bigint | number | string) =>
  `${url}/v1/vaults/${vaultId}/rounds/${pool}/report`;
const post = (body: unknown = {}, vaultId: bigint | string = NFT_VAULT, pool: bigint | string = poolId) =>
  fetch(reportUrl(vaultId, pool), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const put = (text: string, contentType = "application/json") =>
  fetch(reportUrl(NFT_VAULT, poolId), { method: "PUT", headers: { "content-type": contentType }, body: text });

async function send(from: number, request: Record<string, unknown>) {
  const wallet = createWalletClient({ account: devLocalAccount(from), transport: http(rpcUrl) });
  const hash = await wallet.writeContract({ chain: null, ...request } as never);
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
}

const fund = () => ({ address: deployment.investmentFund, abi: investmentFundAbi }) as const;
const pool = () => client.readContract({ ...fund(), functionName: "getPoolInfo", args: [poolId] });

beforeAll(async () => {
  deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-api-report-"));
  const deployed = await deploy({ rpcUrl, deploymentsDir, log: () => {} });
  await seed({ rpcUrl, deployment: deployed });
  deployment = parseDeployment(deployed);
  client = createFundPublicClient({ chainId: deployment.chainId, rpcUrl });
  // The seed leaves the NFT vault's round 2 locked: its lockup ends, its desk (account 8) brings back 5 % more.
  poolId = await client.readContract({ ...fund(), functionName: "currentPoolId", args: [NFT_VAULT] });
  const { lockupEndTime, preLockupTotal } = await pool();
  const now = (await client.getBlock()).timestamp;
  await rpc(rpcUrl, "evm_increaseTime", [Number(lockupEndTime - now) + 60]);
  await rpc(rpcUrl, "evm_mine");
  const desk = devLocalAccount(8).address;
  const token = deployment.investmentToken as Address;
  collected = preLockupTotal + preLockupTotal / 20n;
  const held = await client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [desk] });
  await send(8, { address: token, abi: mockUsdcAbi, functionName: "mint", args: [desk, collected - held] });
  await send(8, {
    address: token,
    abi: erc20Abi,
    functionName: "approve",
    args: [deployment.investmentFund, collected],
  });
  await send(0, { ...fund(), functionName: "collectFundsFromTradingWallet", args: [NFT_VAULT, desk, collected] });

  fake = await startFakeBybit();
  fake.totalEquity = "1520.25";
  fake.positions = [
    {
      symbol: "BTCUSDT",
      side: "Buy",
      size: "0.01",
      avgPrice: "93000",
      positionValue: "930",
      markPrice: "94250",
      unrealisedPnl: "12.5",
      leverage: "2",
      positionIdx: 0,
      updatedTime: "1795000000000",
    },
    {
      symbol: "ETHUSDT",
      side: "",
      size: "0",
      avgPrice: "0",
      positionValue: "0",
      markPrice: "3000",
      unrealisedPnl: "0",
      leverage: "1",
      positionIdx: 0,
      updatedTime: "1795000000000",
    },
  ];
  // PostgreSQL when DATABASE_URL_TEST is set (the root `npm test` sets it), else PGlite: one chain setup either way.
  database = await testDatabase(drivers.at(-1));
  const config = {
    ...loadConfig({
      LOG_LEVEL: "silent",
      CHAIN_ID: String(deployment.chainId),
      RPC_URL: rpcUrl,
      BYBIT_API_KEY: fake.apiKey,
      BYBIT_API_SECRET: fake.secret,
      BYBIT_BASE_URL: fake.url,
    }),
    deployment,
  };
  app = await buildApp(config, { database, tokens: new Map(), roundReports: { now: () => ASKED_AT } });
  url = await app.listen({ port: 0, host: "127.0.0.1" });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await fake?.stop();
  await database?.close();
  rmSync(deploymentsDir, { recursive: true, force: true });
});

describe("a round's NAV report through the API", () => {
  it("builds it from the chain and the exchange account, and stores it under the hash of its bytes", async () => {
    const response = await post({ manualItems: [{ amount: "25", note: "Loan #9 interest, repaid elsewhere" }] });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { hash: `0x${string}`; text: string; total: string };
    ({ text, hash } = body);
    expect(hash).toBe(keccak256(stringToBytes(text)));
    const report = parseRoundReport(text);
    expect(report).toMatchObject({
      vaultId: "2",
      poolId: String(poolId),
      total: body.total,
      exchange: {
        name: "bybit",
        at: ASKED_AT.toISOString(),
        equity: "1520.25",
        balances: { USDT: "1520.25" },
        positions: [{ symbol: "BTCUSDT", side: "Buy", contracts: "0.01", notional: "930", unrealizedPnl: "12.5" }],
      },
      manualItems: [{ amount: "25", note: "Loan #9 interest, repaid elsewhere" }],
    });
    expect(BigInt(Math.round(Number(report.total) * 1e6))).toBe(collected);
    expect(fake.requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/v5/account/wallet-balance", "/v5/position/list"]),
    );
    const rows = await database.db.select().from(roundReports).where(eq(roundReports.hash, hash));
    expect(rows.map((row) => row.text)).toEqual([text]);
  });

  it("is reproduced byte for byte from the chain at its block with the same exchange answer", async () => {
    const report = parseRoundReport(text);
    const again = await buildRoundReport(client, {
      deployment,
      poolId,
      blockNumber: BigInt(report.block.number),
      exchange: report.exchange,
      manualItems: report.manualItems,
    });
    expect(serializeRoundReport(again)).toBe(text);
  });

  it("the same inputs give the same bytes again: 201 with the same hash, stored once", async () => {
    const response = await post({ manualItems: [{ amount: "25", note: "Loan #9 interest, repaid elsewhere" }] });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ hash, text, total: parseRoundReport(text).total });
    expect(await database.db.select().from(roundReports).where(eq(roundReports.hash, hash))).toHaveLength(1);
  });

  it("a changed exchange answer gives another report and hash", async () => {
    fake.totalEquity = "1499.75";
    const response = await post({ manualItems: [{ amount: "25", note: "Loan #9 interest, repaid elsewhere" }] });
    fake.totalEquity = "1520.25";
    const body = (await response.json()) as { hash: string; text: string };
    expect(body.hash).not.toBe(hash);
    expect(parseRoundReport(body.text).exchange?.equity).toBe("1499.75");
  });

  it("is never built when the exchange does not answer, or answers garbage: 502, nothing stored", async () => {
    const before = (await database.db.select().from(roundReports)).length;
    const at = ASKED_AT.toISOString();
    const failures = [
      ["drop", `Bybit was unreachable at ${at}: no answer came back in time`],
      [{ status: 200, raw: "<html>maintenance</html>" }, `Bybit answered with something unreadable at ${at}`],
    ] as const;
    for (const [failure, words] of failures) {
      fake.fail = (request) => (request.path === "/v5/position/list" ? failure : undefined);
      const response = await post();
      expect([response.status, ((await response.json()) as { message: string }).message]).toEqual([
        502,
        `The report was not built: the exchange account did not answer (${words}).`,
      ]);
    }
    fake.fail = undefined;
    expect((await database.db.select().from(roundReports)).length).toBe(before);
  });

  it("is not served, nor accepted from anyone, before the settlement carries its hash", async () => {
    const response = await fetch(reportUrl(NFT_VAULT, poolId));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe(
      `Round ${(await pool()).round} of vault 2 (pool ${poolId}) is not settled yet: its report is published when it settles.`,
    );
    expect((await put(text)).status).toBe(409);
  });

  it("once settled with its hash, is served byte for byte; only that text can be published", async () => {
    await send(0, { ...fund(), functionName: "endLockupPeriod", args: [NFT_VAULT, collected, hash] });
    // The seed gives the NFT vault a one-day challenge window: the proposal carries the hash (and is served) now, and
    // becomes final once the window has passed (anyone finalises it).
    const { finalAt, reportHash } = await pool();
    expect(reportHash).toBe(hash);
    const now = (await client.getBlock()).timestamp;
    if (finalAt > now) await rpc(rpcUrl, "evm_increaseTime", [Number(finalAt - now)]);
    await rpc(rpcUrl, "evm_mine");
    await send(3, { ...fund(), functionName: "finalizeSettlement", args: [NFT_VAULT] });
    expect((await pool()).reportHash).toBe(hash);
    const response = await fetch(reportUrl(NFT_VAULT, poolId));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("x-report-hash")).toBe(hash);
    expect(await response.text()).toBe(text);
    const tampered = text.replace(/"total":"[^"]+"/, '"total":"1"');
    const refused = await put(tampered);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /is not the one round \d+'s settlement carries/,
    );
    const published = await put(text, "application/json; charset=utf-8");
    expect([published.status, await published.json()]).toEqual([200, { hash }]);
    expect((await put(text, "text/plain")).status).toBe(200);
  });

  it("a report the server lost is published again by whoever holds it (201), then served", async () => {
    await database.db.delete(roundReports).where(eq(roundReports.hash, hash));
    const missing = await fetch(reportUrl(NFT_VAULT, poolId));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toMatch(/is not stored on this server/);
    const published = await put(text);
    expect([published.status, await published.json()]).toEqual([201, { hash }]);
    const served = await fetch(reportUrl(NFT_VAULT, poolId));
    expect([served.status, served.headers.get("cache-control"), await served.text()]).toEqual([
      200,
      "public, max-age=31536000, immutable",
      text,
    ]);
  });

  it("`npm run verify-report` agrees, and says loudly when the served bytes are not the ones the chain carries", async () => {
    const cli = (args: string[], apiUrl = url) =>
      new Promise<{ code: number; out: string }>((resolve) => {
        execFile(
          process.execPath,
          ["--import", "tsx", "src/scripts/verifyReport.ts", ...args],
          {
            cwd: API_DIR,
            env: {
              ...process.env,
              API_URL: apiUrl,
              RPC_URL: rpcUrl,
              CHAIN_ID: String(deployment.chainId),
              FUND_ADDRESS: deployment.investmentFund,
              TOKEN_ADDRESS: deployment.investmentToken,
              DEPLOYMENT_BLOCK: String(deployment.deploymentBlock),
            },
          },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
        );
      });
    // The settlement opened the vault's next round: not settled yet.
    const next = await client.readContract({ ...fund(), functionName: "currentPoolId", args: [NFT_VAULT] });
    expect(next).not.toBe(poolId);
    const [good, usage, notSettled, apiDown] = await Promise.all([
      cli(["2", String(poolId)]),
      cli(["2", "x"]),
      cli(["2", String(next)]),
      cli(["2", String(poolId)], "http://127.0.0.1:9"),
    ]);
    expect(good.out).toContain(`hash the settlement carries         ${hash}`);
    expect(good.out).toContain("✓ Report matches the chain");
    expect(good.code).toBe(0);
    expect([usage.code, usage.out.trim()]).toEqual([
      2,
      expect.stringMatching(/^Usage: npm run verify-report -- <vaultId> <poolId>/),
    ]);
    expect([notSettled.code, notSettled.out.trim()]).toEqual([
      1,
      `✗ Request failed: Round ${(await client.readContract({ ...fund(), functionName: "getPoolInfo", args: [next] })).round} of vault 2 (pool ${next}) is not settled yet: its report is published when it settles.`,
    ]);
    expect([apiDown.code, apiDown.out.trim()]).toEqual([
      1,
      expect.stringMatching(/^✗ The API at http:\/\/127\.0\.0\.1:9 did not answer \(.+\)\.$/),
    ]);
    // A server that serves other bytes under the hash (a tampered database) is caught.
    const tampered = text.replace(/"total":"[^"]+"/, '"total":"1"');
    await database.db.update(roundReports).set({ text: tampered }).where(eq(roundReports.hash, hash));
    const bad = await cli(["2", String(poolId)]);
    await database.db.update(roundReports).set({ text }).where(eq(roundReports.hash, hash));
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("✗ THE REPORT DOES NOT MATCH THE CHAIN: the served report's hash is not the one");
  }, 60_000);

  it("says what is wrong with bad input, in words", async () => {
    const next = await client.readContract({ ...fund(), functionName: "currentPoolId", args: [NFT_VAULT] });
    const item = (amount: unknown, note: unknown = "Loan interest") => ({ manualItems: [{ amount, note }] });
    const cases: [Promise<Response>, number, string | RegExp][] = [
      [fetch(reportUrl(0, 1)), 400, "The vaultId must be a positive whole number."],
      [fetch(reportUrl(1, "x")), 400, "The poolId must be a positive whole number."],
      [fetch(reportUrl(1, poolId)), 404, `Pool ${poolId} is not a round of vault 1.`],
      [post([]), 400, "the body must be a JSON object { manualItems }."],
      [post({ manualItems: "none" }), 400, "manualItems must be a list of at most 20 { amount, note } items."],
      [post({ manualItems: Array(21).fill(item("1").manualItems[0]) }), 400, "manualItems must list at most 20 items."],
      [post({ manualItems: [null] }), 400, "manualItems[0]: each manual item must be { amount, note }."],
      [post(item("1", "  ")), 400, "manualItems[0]: note must be 1 to 280 characters."],
      [post(item("1", "x".repeat(281))), 400, "manualItems[0]: note must be 1 to 280 characters."],
      [post(item("-1")), 400, 'manualItems[0]: amount must be a positive decimal number such as "150.5".'],
      [post(item("1e3")), 400, 'manualItems[0]: amount must be a positive decimal number such as "150.5".'],
      [post(item("0.00")), 400, "manualItems[0]: amount must be more than zero."],
      [post(item(25)), 400, 'manualItems[0]: amount must be text, a positive decimal number such as "150.5".'],
      [
        post(item("99999999")),
        409,
        /^The manual items add up to 99999999 mUSDC, more than the [\d.]+ mUSDC returned\.$/,
      ],
      [
        post({}, NFT_VAULT, next),
        409,
        `Round ${(await client.readContract({ ...fund(), functionName: "getPoolInfo", args: [next] })).round} of vault 2 was not locked at block ${await client.getBlockNumber()}.`,
      ],
      [put("{"), 400, "The report is not valid JSON."],
      [put("{}"), 400, "The report does not have the shape of a round's NAV report (version 1)."],
      [
        put(text.replace(`"poolId":"${poolId}"`, '"poolId":"1"')),
        400,
        `The report is not about round ${poolId} of vault 2 of this fund.`,
      ],
      [put(text, "application/octet-stream"), 415, "Unsupported Media Type"],
    ];
    for (const [request, status, message] of cases) {
      const response = await request;
      const body = (await response.json()) as { message: string };
      expect([response.status, body.message]).toEqual([
        status,
        typeof message === "string" ? message : expect.stringMatching(message),
      ]);
    }
  });
});

describe("a round's NAV report without a fund, or with its chain down", () => {
  it("a server without a fund deployment holds no reports: 404 in words", async () => {
    const t = await testApp();
    try {
      for (const method of ["GET", "POST", "PUT"] as const) {
        const response = await t.app.inject({
          method,
          url: "/v1/vaults/2/rounds/3/report",
          ...(method === "GET"
            ? {}
            : { payload: method === "PUT" ? text : "{}", headers: { "content-type": "application/json" } }),
        });
        expect([response.statusCode, response.json().message]).toEqual([
          404,
          "This server has no fund deployment, so it holds no round reports (FUND_ADDRESS and RPC_URL set it).",
        ]);
      }
    } finally {
      await t.close();
    }
  });

  it("a chain that does not answer is a 503 in words, never a report", async () => {
    const config = loadConfig({
      LOG_LEVEL: "silent",
      CHAIN_ID: String(deployment.chainId),
      RPC_URL: "http://127.0.0.1:9",
    });
    const down = await buildApp({ ...config, deployment }, { database });
    try {
      const answers = await Promise.all(
        (["GET", "POST", "PUT"] as const).map((method) =>
          down.inject({
            method,
            url: `/v1/vaults/2/rounds/${poolId}/report`,
            ...(method === "GET"
              ? {}
              : { payload: method === "PUT" ? text : "{}", headers: { "content-type": "application/json" } }),
          }),
        ),
      );
      expect(answers.map((a) => [a.statusCode, a.json().message])).toEqual(
        Array(3).fill([503, "The chain cannot be reached right now; try again shortly"]),
      );
    } finally {
      await down.close();
    }
  }, 30_000);
});
