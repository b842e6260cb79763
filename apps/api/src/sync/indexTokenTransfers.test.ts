import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deploy } from "@fundament/scripts/deploy";
import { seed } from "@fundament/scripts/seed";
import {
  createFundPublicClient,
  type Deployment,
  getInvestmentToken,
  mockUsdcAbi,
  parseDeployment,
} from "@fundament/sdk";
import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { fetchTransactions } from "@fundament/wallet";
import { count, eq } from "drizzle-orm";
import { createWalletClient, http, type PublicClient, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { syncState, tokenTransfers } from "../db/schema.js";
import { startServer } from "../exports/server.js";
import { getSyncState, JOBS } from "../jobs/syncState.js";
import { type TestApp, testApp } from "../testing/testApp.js";
import { chainCursorBlock } from "./chainCursor.js";
import { indexTokenTransfers } from "./indexTokenTransfers.js";

const account = devLocalAccount;

const { rpcUrl } = testChainForFile();
let deploymentsDir: string;
let deployment: Deployment;
let client: PublicClient;
let t: TestApp;

beforeAll(async () => {
  deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-api-chain-"));
  const deployed = await deploy({ rpcUrl, deploymentsDir, log: () => {} });
  await seed({ rpcUrl, deployment: deployed });
  deployment = parseDeployment(deployed);
  client = createFundPublicClient({ chainId: deployment.chainId, rpcUrl });
  t = await testApp({
    RPC_URL: rpcUrl,
    CHAIN_ID: String(deployment.chainId),
    FUND_ADDRESS: deployment.investmentFund,
    TOKEN_ADDRESS: deployment.investmentToken ?? "",
    DEPLOYMENT_BLOCK: String(deployment.deploymentBlock),
    CACHE_TTL_MS: "0",
  });
}, 180_000);

afterAll(async () => {
  await t?.close();
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

const rows = async () => (await t.database.db.select({ n: count() }).from(tokenTransfers))[0]?.n ?? 0;

describe("account history indexer on a real anvil", () => {
  it("indexes the token's Transfer logs from the deployment block, idempotently", async () => {
    const first = await indexTokenTransfers({ db: t.database.db, client, deployment, stepBlocks: 7n });
    expect(first.stored).toBeGreaterThan(0);
    expect(first.token.symbol).toBeTruthy();
    expect(await rows()).toBe(first.stored);
    const latest = await client.getBlockNumber();
    const cursor = (await getSyncState(t.database.db, JOBS.history(deployment.chainId)))?.cursor ?? null;
    expect(chainCursorBlock(cursor)).toBe(latest.toString());

    // Nothing new: no rows, and a forced re-read of every block stores no duplicates either.
    expect((await indexTokenTransfers({ db: t.database.db, client, deployment })).stored).toBe(0);
    await t.database.db.delete(tokenTransfers);
    await indexTokenTransfers({ db: t.database.db, client, deployment });
    expect(await rows()).toBe(0); // the cursor says those blocks are done
  });

  it("serves an account's transfers newest first in the wallet layer's shape, and picks up new ones", async () => {
    // Re-index from scratch (the previous test cleared the rows).
    const job = JOBS.history(deployment.chainId);
    await t.database.db.delete(syncState).where(eq(syncState.job, job));
    const { token } = await indexTokenTransfers({ db: t.database.db, client, deployment });

    const sender = account(1);
    const receiver = "0x000000000000000000000000000000000000bEEF" as const;
    const wallet = createWalletClient({ account: sender, transport: http(rpcUrl) });
    const hash = await wallet.writeContract({
      chain: null,
      address: token.address,
      abi: mockUsdcAbi,
      functionName: "transfer",
      args: [receiver, parseUnits("12.5", token.decimals)],
    });
    await client.waitForTransactionReceipt({ hash });
    expect((await indexTokenTransfers({ db: t.database.db, client, deployment, token })).stored).toBe(1);

    // The route reads the token's name and symbol from what the indexer found.
    const app = await buildApp(t.config, { database: t.database, tokens: new Map([[deployment.chainId, token]]) });
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const received = await fetchTransactions({ baseUrl: url, address: receiver, chainId: deployment.chainId });
      expect(received.data).toHaveLength(1);
      expect(received.data[0]).toMatchObject({
        id: expect.stringMatching(new RegExp(`^${hash}:\\d+$`)),
        metadata: {
          chain: `eip155:${deployment.chainId}`,
          hash,
          sentFrom: sender.address,
          sentTo: receiver,
          status: "confirmed",
          operationType: "receive",
        },
        transfers: [
          { fungible_info: { name: token.name, symbol: token.symbol }, direction: "in", quantity: { numeric: "12.5" } },
        ],
      });
      expect(Date.parse(received.data[0]?.metadata.minedAt ?? "")).toBeGreaterThan(0);

      // The sender's page: newest first, paged by `next`.
      const all: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await fetchTransactions({ baseUrl: url, address: sender.address, cursor });
        all.push(...page.data.map((item) => item.id));
        cursor = page.next;
      } while (cursor);
      expect(all[0]).toMatch(new RegExp(`^${hash}:`));
      expect(new Set(all).size).toBe(all.length);

      const bad = await fetch(`${url}/v1/account/not-an-address/history`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        error: "Invalid params: address: address must be a 0x-prefixed EVM address",
      });
      const badChain = await fetch(`${url}/v1/account/${receiver}/history?chainId=x`);
      expect(badChain.status).toBe(400);
    } finally {
      await app.close();
    }
  });

  it("runs as a scheduled job inside startServer, filling the history route", async () => {
    const server = await startServer({
      port: 0,
      env: {
        PGLITE_DIR: "memory://",
        LOG_LEVEL: "silent",
        RPC_URL: rpcUrl,
        CHAIN_ID: String(deployment.chainId),
        FUND_ADDRESS: deployment.investmentFund,
        DEPLOYMENT_BLOCK: String(deployment.deploymentBlock),
        HISTORY_INTERVAL_SECONDS: "1",
      },
    });
    try {
      const investor = account(1).address;
      let page: Awaited<ReturnType<typeof fetchTransactions>> = { data: [], next: undefined };
      for (let i = 0; i < 100 && page.data.length === 0; i++) {
        page = await fetchTransactions({ baseUrl: server.url, address: investor });
        if (page.data.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(page.data.length).toBeGreaterThan(0);
      const token = await getInvestmentToken(client, { deployment });
      expect(page.data[0]?.transfers[0]?.fungible_info).toEqual({ name: token.name, symbol: token.symbol });
      const health = await (await fetch(`${server.url}/health`)).json();
      expect(health.jobs).toContainEqual(
        expect.objectContaining({ job: `chain:${deployment.chainId}:token-transfers`, status: "ok" }),
      );
    } finally {
      await server.close();
    }
  });
});
