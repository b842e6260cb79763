import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deploy } from "@fundament/scripts/deploy";
import { seed } from "@fundament/scripts/seed";
import {
  createFundPublicClient,
  type Deployment,
  getInvestmentToken,
  type InvestmentToken,
  investmentFundAbi,
  mockUsdcAbi,
  parseDeployment,
} from "@fundament/sdk";
import { devLocalAccount, freePort, startAnvil } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { type Address, createWalletClient, erc20Abi, getAbiItem, http, type PublicClient, parseUnits } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { fundEvents, tokenTransfers } from "../db/schema.js";
import { getSyncState, JOBS } from "../jobs/syncState.js";
import { testDatabase } from "../testing/testDatabase.js";
import { chainCursorBlock, parseChainCursor } from "./chainCursor.js";
import { indexTokenTransfers } from "./indexTokenTransfers.js";

const account = devLocalAccount;
const transferEvent = getAbiItem({ abi: erc20Abi, name: "Transfer" });

const { rpcUrl } = testChainForFile();
let deploymentsDir: string;
let deployment: Deployment;
let client: PublicClient;
let token: InvestmentToken;

beforeAll(async () => {
  deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-api-reorg-"));
  const deployed = await deploy({ rpcUrl, deploymentsDir, log: () => {} });
  await seed({ rpcUrl, deployment: deployed });
  deployment = parseDeployment(deployed);
  client = createFundPublicClient({ chainId: deployment.chainId, rpcUrl });
  token = await getInvestmentToken(client, { deployment });
}, 180_000);

afterAll(async () => {
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

/** The token's Transfer logs on the chain as it is now, as `txHash:logIndex`. */
async function onChain(on: PublicClient = client): Promise<Set<string>> {
  if ((await on.getBlockNumber()) < deployment.deploymentBlock) return new Set();
  const logs = await on.getLogs({
    address: token.address,
    event: transferEvent,
    fromBlock: deployment.deploymentBlock,
    toBlock: "latest",
  });
  return new Set(logs.map((log) => `${log.transactionHash.toLowerCase()}:${log.logIndex}`));
}

async function transfer(to: Address, amount: string): Promise<`0x${string}`> {
  const wallet = createWalletClient({ account: account(1), transport: http(rpcUrl) });
  const hash = await wallet.writeContract({
    chain: null,
    address: token.address,
    abi: mockUsdcAbi,
    functionName: "transfer",
    args: [to, parseUnits(amount, token.decimals)],
  });
  await client.waitForTransactionReceipt({ hash });
  return hash;
}

/** Account 9 (no position) turns roll-over on or off for the futures vault: a fund event without a transfer. */
async function setRollOver(enabled: boolean): Promise<`0x${string}`> {
  const wallet = createWalletClient({ account: account(9), transport: http(rpcUrl) });
  const hash = await wallet.writeContract({
    chain: null,
    address: deployment.investmentFund,
    abi: investmentFundAbi,
    functionName: "setRollOver",
    args: [1n, enabled],
  });
  await client.waitForTransactionReceipt({ hash });
  return hash;
}

describe("account history that is true (a real anvil)", () => {
  let database: Database;
  const stored = async () =>
    new Set(
      (
        await database.db
          .select()
          .from(tokenTransfers)
          .where(
            and(
              eq(tokenTransfers.chainId, deployment.chainId),
              eq(tokenTransfers.token, token.address.toLowerCase()),
              eq(tokenTransfers.kind, "transfer"),
            ),
          )
      ).map((row) => `${row.txHash}:${row.logIndex}`),
    );
  /** Every stored row of the chain (any token, native transfers too). */
  const storedAll = async () =>
    (await database.db.select().from(tokenTransfers).where(eq(tokenTransfers.chainId, deployment.chainId))).length;
  /** The stored fund events of the chain, as `txHash:logIndex`. */
  const storedEvents = async () =>
    (await database.db.select().from(fundEvents).where(eq(fundEvents.chainId, deployment.chainId))).map(
      (row) => `${row.txHash}:${row.logIndex}`,
    );
  const index = (on: PublicClient = client, extra: { confirmations?: number } = {}) =>
    indexTokenTransfers({ db: database.db, client: on, deployment, token, ...extra });

  beforeEach(async () => {
    database = await testDatabase();
  });
  afterEach(() => database.close());

  it("stores the identity of what it indexed and the hash of its last block", async () => {
    await index();
    const cursor = parseChainCursor(
      (await getSyncState(database.db, JOBS.history(deployment.chainId)))?.cursor ?? null,
    );
    const genesis = await client.getBlock({ blockNumber: 0n });
    const latest = await client.getBlock({ blockTag: "latest" });
    expect(cursor).toEqual({
      block: latest.number.toString(),
      hash: latest.hash,
      identity: {
        chainId: deployment.chainId,
        genesis: genesis.hash,
        fund: deployment.investmentFund.toLowerCase(),
        token: deployment.investmentToken?.toLowerCase() ?? null,
        deploymentBlock: deployment.deploymentBlock.toString(),
        scope: `transfers+approvals+native+fund-events;router=${deployment.dex?.router.toLowerCase() ?? "none"}`,
      },
    });
    expect(await stored()).toEqual(await onChain());
  });

  it("repairs a re-organisation: a transfer that left the chain is removed, the new one is stored", async () => {
    await index();
    const snapshot = await client.request({ method: "evm_snapshot" as never });
    const orphan = await transfer("0x000000000000000000000000000000000000bEEF", "7");
    const orphanEvent = await setRollOver(true);
    expect(await index()).toMatchObject({ stored: 1, storedEvents: 1 });
    expect((await storedEvents()).some((id) => id.startsWith(orphanEvent.toLowerCase()))).toBe(true);
    expect([...(await stored())].some((id) => id.startsWith(orphan.toLowerCase()))).toBe(true);

    // The chain re-organises: the block with `orphan` is replaced by other blocks at the same heights.
    await client.request({ method: "evm_revert" as never, params: [snapshot] as never });
    await client.request({ method: "anvil_mine" as never, params: ["0x2"] as never });
    const replacement = await transfer("0x000000000000000000000000000000000000cafe", "3");

    const result = await index();
    expect(result.repaired).toBe("re-organisation");
    const now = await stored();
    expect([...now].some((id) => id.startsWith(orphan.toLowerCase()))).toBe(false);
    expect([...now].some((id) => id.startsWith(replacement.toLowerCase()))).toBe(true);
    expect(now).toEqual(await onChain());
    // The fund event of the orphaned block left with it.
    expect((await storedEvents()).some((id) => id.startsWith(orphanEvent.toLowerCase()))).toBe(false);
  });

  it("stays `confirmations` blocks behind the head", async () => {
    await client.request({ method: "anvil_mine" as never, params: ["0x2"] as never }); // earlier tests' blocks confirmed
    await index(client, { confirmations: 2 });
    const hash = await transfer("0x000000000000000000000000000000000000dEaD", "1");
    expect((await index(client, { confirmations: 2 })).stored).toBe(0);
    const head = await client.getBlockNumber();
    const cursor = (await getSyncState(database.db, JOBS.history(deployment.chainId)))?.cursor ?? null;
    expect(chainCursorBlock(cursor)).toBe((head - 2n).toString());
    await client.request({ method: "anvil_mine" as never, params: ["0x2"] as never });
    expect((await index(client, { confirmations: 2 })).stored).toBe(1);
    expect([...(await stored())].some((id) => id.startsWith(hash.toLowerCase()))).toBe(true);
  });

  it("starts over on a new chain with the same chain id (npm start restarted): the old chain's rows are gone", async () => {
    await index();
    expect((await stored()).size).toBeGreaterThan(0);
    expect(await storedAll()).toBeGreaterThan((await stored()).size);
    expect((await storedEvents()).length).toBeGreaterThan(0);
    // Another anvil on chain 31337, as after a restart of `npm start` (its genesis block has another time). The
    // run's shared chain (testChainForFile) cannot play it: this test needs a second, different chain next to it, so
    // it starts its own and stops it.
    const other = await startAnvil({
      port: await freePort(),
      timestamp: Math.floor(Date.now() / 1000) - 86_400,
    });
    try {
      const otherClient = createFundPublicClient({ chainId: deployment.chainId, rpcUrl: other.url });
      const result = await index(otherClient);
      expect(result.repaired).toBe("new chain or deployment");
      expect(await stored()).toEqual(await onChain(otherClient));
      expect((await stored()).size).toBe(0);
      expect(await storedAll()).toBe(0); // native transfers and other tokens' too
      expect(await storedEvents()).toEqual([]); // the fund's events too
    } finally {
      await other.stop();
    }
    // And back: the first chain is indexed again, whole.
    expect((await index()).repaired).toBe("new chain or deployment");
    expect(await stored()).toEqual(await onChain());
  });

  it("starts over once from a cursor of the older format (a bare block number, no identity)", async () => {
    await index();
    const job = JOBS.history(deployment.chainId);
    const latest = await client.getBlockNumber();
    await database.db.insert(tokenTransfers).values({
      chainId: deployment.chainId,
      txHash: `0x${"ab".repeat(32)}`,
      logIndex: 0,
      blockNumber: 1,
      minedAt: new Date(0),
      token: token.address.toLowerCase(),
      fromAddress: `0x${"11".repeat(20)}`,
      toAddress: `0x${"22".repeat(20)}`,
      value: "1",
    });
    const { syncState } = await import("../db/schema.js");
    await database.db.update(syncState).set({ cursor: latest.toString() }).where(eq(syncState.job, job));
    expect((await index()).repaired).toBeUndefined(); // no identity to compare: a plain fresh start
    expect(await stored()).toEqual(await onChain());
  });
});

describe.skipIf(!process.env.DATABASE_URL_TEST)("kill -9 in the middle of indexing (PostgreSQL)", () => {
  const API_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const serverUrl = process.env.DATABASE_URL_TEST ?? "";
  const name = `index_kill_${process.pid}_${Date.now()}`;
  let databaseUrl = "";
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it("loses and duplicates nothing when the indexer process is killed mid-run, three times", async () => {
    for (let i = 0; i < 60; i++) await transfer(`0x${(0x1000 + i).toString(16).padStart(40, "0")}` as Address, "0.5");
    const database = await openDatabase({ databaseUrl });
    await migrate(database);
    const job = JOBS.history(deployment.chainId);
    const cursorBlock = async () =>
      Number(chainCursorBlock((await getSyncState(database.db, job))?.cursor ?? null) ?? -1);
    // The child indexes one block per step with a pause, so a kill can land anywhere in the run.
    const script = `
      const { openDatabase } = await import("./src/db/client.ts");
      const { indexTokenTransfers } = await import("./src/sync/indexTokenTransfers.ts");
      const { createFundPublicClient, parseDeployment } = await import("@fundament/sdk");
      const deployment = parseDeployment(JSON.parse(process.env.DEPLOYMENT));
      const client = createFundPublicClient({ chainId: deployment.chainId, rpcUrl: process.env.RPC_URL });
      const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
      await indexTokenTransfers({ db: database.db, client, deployment, stepBlocks: 1n,
        onStored: () => { const until = Date.now() + 20; while (Date.now() < until); } });
      await database.close();
    `;
    const deploymentJson = JSON.stringify(deployment, (_key, value) =>
      typeof value === "bigint" ? value.toString() : value,
    );
    try {
      let last = -1;
      for (let kill = 0; kill < 3; kill++) {
        const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
          cwd: API_DIR,
          env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, RPC_URL: rpcUrl, DEPLOYMENT: deploymentJson },
          stdio: ["ignore", "ignore", "pipe"],
        });
        let errors = "";
        child.stderr.on("data", (chunk) => {
          errors += chunk;
        });
        const exited = new Promise((resolve) => child.once("exit", resolve));
        for (let i = 0; i < 600 && (await cursorBlock()) <= last + 2; i++) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        child.kill("SIGKILL");
        await exited;
        expect(errors).toBe("");
        const now = await cursorBlock();
        expect(now).toBeGreaterThan(last);
        last = now;
      }
      expect(last).toBeLessThan(Number(await client.getBlockNumber()));
      await indexTokenTransfers({ db: database.db, client, deployment, token });
      const rows = await database.db.select().from(tokenTransfers);
      const ids = rows.map((row) => `${row.txHash}:${row.logIndex}`);
      expect(ids.length).toBe(new Set(ids).size);
      const tokenIds = rows
        .filter((row) => row.token === token.address.toLowerCase() && row.kind === "transfer")
        .map((row) => `${row.txHash}:${row.logIndex}`);
      expect(new Set(tokenIds)).toEqual(await onChain());
    } finally {
      await database.close();
    }
  }, 180_000);
});
