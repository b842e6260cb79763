// The on-ramp's delivery survives a crash at every step: a fresh instance on the same database and chain finishes it,
// and the buyer receives the tokens exactly once. And the local checkout refuses an RPC that serves another chain.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deploy } from "@fundament/scripts/deploy";
import { createFundPublicClient, type Deployment, parseDeployment } from "@fundament/sdk";
import { devAccount, freePort } from "@fundament/test-chain";
import { rpc, testChainForFile } from "@fundament/test-chain/vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  type Hash,
  http,
  type PublicClient,
  parseUnits,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { onrampOrders } from "../db/schema.js";
import { testDatabase } from "../testing/testDatabase.js";
import { LocalChainError } from "./chainGuard.js";
import { payOrder } from "./checkout.js";
import { createDeliverer, type DeliveryStep } from "./deliver.js";
import { createOrder, type OrderStatus } from "./orders.js";
import { recoverOrders } from "./recovery.js";

const TREASURY_KEY = devAccount(9).privateKey;
const AMOUNT = "25";
const UNITS = parseUnits(AMOUNT, 6);

const { rpcUrl } = testChainForFile();
let deploymentsDir: string;
let deployment: Deployment;
let client: PublicClient;
let database: Database;
let usdc: Address;

beforeAll(async () => {
  deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-api-delivery-"));
  deployment = parseDeployment(await deploy({ rpcUrl, deploymentsDir, log: () => {} }));
  client = createFundPublicClient({ chainId: deployment.chainId, rpcUrl });
  usdc = deployment.investmentToken as Address;
  database = await testDatabase();
}, 240_000);

afterAll(async () => {
  await database?.close();
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

/** A crash, as a checkpoint throws it. */
class Crash extends Error {
  override name = "Crash";
}

/** An instance whose delivery stops after `step`, as if the process died there. */
const crashingAt = (step: DeliveryStep) =>
  createDeliverer({
    treasuryKey: TREASURY_KEY,
    client,
    checkpoint: (reached) => {
      if (reached === step) throw new Crash(`crashed after ${step}`);
    },
  });

/** A fresh instance (a restarted API) on the same chain. */
const fresh = (on: PublicClient = client) => createDeliverer({ treasuryKey: TREASURY_KEY, client: on });

let buyers = 0;
/** A new buyer address, holding nothing. */
const newBuyer = () => getAddress(`0x00000000000000000000000000000000000c${(++buyers).toString(16).padStart(4, "0")}`);

/** Stores a `created` order of AMOUNT mUSDC to `buyer`, as the URL generator does. */
async function newOrder(buyer: Address): Promise<string> {
  const order = await createOrder(database.db, {
    chainId: deployment.chainId,
    network: "fundament-local",
    asset: "mUSDC",
    tokenAddress: usdc,
    decimals: 6,
    destination: buyer,
    paymentCurrency: "USD",
    paymentMethod: "CARD",
    paymentSubtotal: "25.00",
    providerFee: "0.38",
    networkFee: "0.01",
    paymentTotal: "25.39",
    purchaseAmount: "25.000000",
  });
  return order.id;
}

const balanceOf = (owner: Address) =>
  client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

const storedOrder = async (id: string) => {
  const [row] = await database.db.select().from(onrampOrders).where(eq(onrampOrders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
};

/** Pays with an instance that crashes after `step`, and answers the order as the crash left it. */
async function payAndCrash(id: string, step: DeliveryStep) {
  await expect(payOrder(database.db, crashingAt(step), id)).rejects.toBeInstanceOf(Crash);
  return storedOrder(id);
}

/** Recovery in a fresh instance, twice (the second must change nothing); answers the first pass's state. */
async function recoverTwice(id: string): Promise<OrderStatus | undefined> {
  const first = await recoverOrders(database.db, fresh());
  expect(first.errors).toEqual([]);
  const second = await recoverOrders(database.db, fresh());
  expect(second.statuses[id]).toBeUndefined(); // no longer unfinished
  return first.statuses[id];
}

describe("a crash during an on-ramp delivery", () => {
  // What the crash leaves: the order's state and whether the tokens are already on the chain (anvil mines on send).
  const cases: [DeliveryStep, OrderStatus, boolean][] = [
    ["claimed", "paid", false],
    ["signed", "paid", false],
    ["stored", "delivering", false],
    ["broadcast", "delivering", true],
    ["mined", "delivering", true],
  ];

  it.each(cases)("after %s: a fresh instance delivers, exactly once", async (step, leftAs, alreadySent) => {
    const buyer = newBuyer();
    const id = await newOrder(buyer);
    const crashed = await payAndCrash(id, step);
    expect(crashed.status).toBe(leftAs);
    expect(crashed.signedTx !== null).toBe(leftAs === "delivering");
    expect(await balanceOf(buyer)).toBe(alreadySent ? UNITS : 0n);

    expect(await recoverTwice(id)).toBe("delivered");
    expect(await balanceOf(buyer)).toBe(UNITS);
    const delivered = await storedOrder(id);
    expect(delivered).toMatchObject({ status: "delivered", failure: null });
    // A stored transaction is the one delivered: looked up, or its same bytes sent again.
    if (crashed.txHash) expect(delivered.txHash).toBe(crashed.txHash);
    const receipt = await client.getTransactionReceipt({ hash: delivered.txHash as Hash });
    expect(receipt.status).toBe("success");
  });

  it("after a broadcast the node then lost: the same signed bytes are sent again, once", async () => {
    const buyer = newBuyer();
    const id = await newOrder(buyer);
    await rpc(rpcUrl, "evm_setAutomine", [false]);
    let crashed: Awaited<ReturnType<typeof storedOrder>>;
    try {
      crashed = await payAndCrash(id, "broadcast");
      expect(await client.getTransaction({ hash: crashed.txHash as Hash })).toMatchObject({ blockHash: null });
      await rpc(rpcUrl, "anvil_dropTransaction", [crashed.txHash]);
    } finally {
      await rpc(rpcUrl, "evm_setAutomine", [true]);
    }
    expect(await balanceOf(buyer)).toBe(0n);
    expect(await recoverTwice(id)).toBe("delivered");
    expect(await balanceOf(buyer)).toBe(UNITS);
    expect((await storedOrder(id)).txHash).toBe(crashed.txHash);
  });

  it("after storing a transaction whose nonce another one then took: it is replaced, and delivered once", async () => {
    const buyer = newBuyer();
    const id = await newOrder(buyer);
    const crashed = await payAndCrash(id, "stored");
    // The treasury sends something else first (another instance, an operator): the stored nonce is used up.
    const treasury = createWalletClient({ account: privateKeyToAccount(TREASURY_KEY), transport: http(rpcUrl) });
    const other = await treasury.sendTransaction({
      chain: null,
      to: newBuyer(),
      value: 1n,
      nonce: crashed.txNonce as number,
    });
    await client.waitForTransactionReceipt({ hash: other });

    expect(await recoverTwice(id)).toBe("delivered");
    expect(await balanceOf(buyer)).toBe(UNITS);
    const delivered = await storedOrder(id);
    expect(delivered.txHash).not.toBe(crashed.txHash);
    expect(delivered.txNonce).toBeGreaterThan(crashed.txNonce as number);
    await expect(client.getTransactionReceipt({ hash: crashed.txHash as Hash })).rejects.toThrow(/could not be found/);
  });

  it.each(["claimed", "stored"] as const)(
    "after %s: two instances recovering at the same time deliver once",
    async (step) => {
      const buyer = newBuyer();
      const id = await newOrder(buyer);
      await payAndCrash(id, step);
      const reports = await Promise.all([recoverOrders(database.db, fresh()), recoverOrders(database.db, fresh())]);
      expect(reports.flatMap((report) => report.errors)).toEqual([]);
      expect(await balanceOf(buyer)).toBe(UNITS);
      expect((await storedOrder(id)).status).toBe("delivered");
    },
  );

  it("when the node does not answer: the order stays paid (not failed), and recovery delivers it later", async () => {
    const buyer = newBuyer();
    const id = await newOrder(buyer);
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const down = createPublicClient({ transport: http(nobody, { retryCount: 0, timeout: 2_000 }) });
    await expect(payOrder(database.db, fresh(down), id)).rejects.toThrow();
    expect((await storedOrder(id)).status).toBe("paid");
    expect(await recoverTwice(id)).toBe("delivered");
    expect(await balanceOf(buyer)).toBe(UNITS);
  });
});

/** A tiny JSON-RPC server that says it serves chain `chainIdHex` and answers nothing else. */
async function fakeRpc(chainIdHex: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const call = JSON.parse(body) as { id: number; method: string };
      const answer =
        call.method === "eth_chainId"
          ? { jsonrpc: "2.0", id: call.id, result: chainIdHex }
          : { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: `${call.method} is not served here` } };
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The app configured for the local chain 31337 (and its deployment) with `rpc` as its RPC URL. */
async function appOn(url: string): Promise<FastifyInstance> {
  const loaded = loadConfig({
    LOG_LEVEL: "silent",
    CHAIN_ID: "31337",
    RPC_URL: url,
    FUND_ADDRESS: deployment.investmentFund,
    TOKEN_ADDRESS: usdc,
    ONRAMP_TREASURY_KEY: TREASURY_KEY,
  });
  const config: Config = { ...loaded, deployment };
  const app = await buildApp(config, { database });
  await app.ready();
  return app;
}

describe("the local checkout's start-up", () => {
  it("recovers the orders a crash left paid, and delivers each once", async () => {
    const [first, second] = [newBuyer(), newBuyer()];
    const [claimed, stored] = [await newOrder(first), await newOrder(second)];
    await payAndCrash(claimed, "claimed");
    await payAndCrash(stored, "stored");
    const app = await appOn(rpcUrl);
    try {
      await vi.waitFor(
        async () => {
          expect((await storedOrder(claimed)).status).toBe("delivered");
          expect((await storedOrder(stored)).status).toBe("delivered");
        },
        { timeout: 20_000, interval: 200 },
      );
      expect([await balanceOf(first), await balanceOf(second)]).toEqual([UNITS, UNITS]);
      const page = (await app.inject({ method: "GET", url: `/onramp/checkout/${stored}` })).body;
      expect(page).toContain(`Payment complete: ${AMOUNT} mUSDC sent to ${second}`);
    } finally {
      await app.close();
    }
  });

  it("refuses to start when the RPC serves another chain, though the configured chain id is 31337", async () => {
    const fake = await fakeRpc("0x1");
    try {
      const refused = appOn(fake.url);
      await expect(refused).rejects.toBeInstanceOf(LocalChainError);
      await expect(refused).rejects.toThrow(/runs only on the local chain \(31337\), but its RPC serves chain 1$/);
    } finally {
      fake.server.close();
    }
  });

  it("refuses to sign a delivery on an RPC that serves another chain: the order fails, nothing is signed", async () => {
    const fake = await fakeRpc("0x1");
    try {
      const id = await newOrder(newBuyer());
      const mainnet = createPublicClient({ transport: http(fake.url, { retryCount: 0 }) });
      const order = await payOrder(database.db, fresh(mainnet), id);
      expect(order).toMatchObject({ status: "failed", txHash: null, signedTx: null });
      expect(order?.failure).toBe("The checkout's node serves another chain than this order's; nothing was sent.");
    } finally {
      fake.server.close();
    }
  });
});
