import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type SolanaLocal, startSolanaLocal } from "@fundament/solana-local";
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstruction,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  type Rpc,
  type SolanaRpcApi,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { and, eq } from "drizzle-orm";
import type pg from "pg";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { performanceSnapshots } from "../db/schema.js";
import { startServer } from "../exports/server.js";
import { getSyncState } from "../jobs/syncState.js";
import { testApp } from "../testing/testApp.js";
import { testDatabase } from "../testing/testDatabase.js";
import { SOLANA_SNAPSHOT_JOB, snapshotLendingWallet } from "./snapshotLendingWallet.js";
import { startSolanaSnapshots } from "./startSolanaSnapshots.js";

const SYSTEM_PROGRAM = address("11111111111111111111111111111111");

/** The System program's Transfer instruction (index 2, then the lamports as u64 little-endian). */
function transferSol(from: Address, to: Address, lamports: bigint): Instruction {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: from, role: AccountRole.WRITABLE_SIGNER },
      { address: to, role: AccountRole.WRITABLE },
    ],
    data,
  };
}

/** Sends `lamports` from dev account `fromIndex` to `to` and waits until it is finalized. */
async function sendSol(local: SolanaLocal, rpc: Rpc<SolanaRpcApi>, fromIndex: number, to: Address, lamports: bigint) {
  const account = local.accounts[fromIndex];
  if (!account) throw new Error(`no dev account ${fromIndex}`);
  const payer = await createKeyPairSignerFromBytes(account.secretKey);
  const { value: lifetime } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstruction(transferSol(payer.address, to, lamports), m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" }).send();
  for (let i = 0; i < 100; i += 1) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    if (value[0]?.confirmationStatus === "finalized") return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${signature} was not finalized`);
}

const chainRows = (database: Database) =>
  database.db
    .select()
    .from(performanceSnapshots)
    .where(and(eq(performanceSnapshots.vault, "nft-lending"), eq(performanceSnapshots.source, "solana")))
    .orderBy(performanceSnapshots.takenAt);

const quiet = pino({ level: "silent" });

describe("the NFT-lending snapshot from Solana", () => {
  let local: SolanaLocal;
  let rpc: Rpc<SolanaRpcApi>;
  let wallet: Address;
  beforeAll(async () => {
    local = await startSolanaLocal();
    rpc = createSolanaRpc(local.url);
    wallet = address(local.accounts[1]?.address ?? "");
  });
  afterAll(() => local.stop());

  it("stores the wallet's SOL value, and after a transfer to the wallet the next run stores the new value", async () => {
    const database = await testDatabase();
    try {
      const first = await snapshotLendingWallet({
        db: database.db,
        rpc,
        wallet,
        now: new Date("2026-11-20T10:00:00Z"),
      });
      expect(first).toMatchObject({ stored: true, valueSol: 1000 });
      await sendSol(local, rpc, 0, wallet, 2_500_000_001n);
      const second = await snapshotLendingWallet({
        db: database.db,
        rpc,
        wallet,
        now: new Date("2026-11-20T11:00:00Z"),
      });
      expect(second).toMatchObject({ stored: true, valueSol: 1002.500000001 });
      const rows = await chainRows(database);
      expect(rows.map((row) => [row.takenAt.toISOString(), row.value])).toEqual([
        ["2026-11-20T10:00:00.000Z", 1000],
        ["2026-11-20T11:00:00.000Z", 1002.500000001],
      ]);
      const state = await getSyncState(database.db, SOLANA_SNAPSHOT_JOB);
      expect(state).toMatchObject({ lastError: null, cursor: String(Date.parse("2026-11-20T11:00:00Z")) });
      expect(state?.lastSuccessAt?.toISOString()).toBe("2026-11-20T11:00:00.000Z");
    } finally {
      await database.close();
    }
  });

  it("records a plain failure and stores nothing when the RPC is down", async () => {
    const down = await startSolanaLocal();
    await down.stop();
    const database = await testDatabase();
    const failures: string[] = [];
    try {
      const result = await snapshotLendingWallet({
        db: database.db,
        rpc: createSolanaRpc(down.url),
        wallet,
        logFailure: (message) => failures.push(message),
      });
      expect(result.stored).toBe(false);
      expect(await chainRows(database)).toEqual([]);
      const state = await getSyncState(database.db, SOLANA_SNAPSHOT_JOB);
      expect(state?.lastError).toMatch(
        /^The Solana snapshot failed at \S+Z: the Solana RPC could not be reached; the next run tries again\.$/,
      );
      expect(state?.lastSuccessAt).toBeNull();
      expect(failures).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it("never puts the RPC's body in the recorded failure or in /health", async () => {
    const secret = "<html><body>upstream stack at /srv/rpc/node.js:12 api_key=hunter2</body></html>";
    const broken: Server = createServer((_request, response) => {
      response.writeHead(503, { "content-type": "text/html" }).end(secret);
    });
    await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
    const t = await testApp({ ADMIN_TOKEN: "admin-secret", NFT_LENDING_WALLET: wallet, SOLANA_RPC_URL: url });
    try {
      const result = await snapshotLendingWallet({ db: t.database.db, rpc: createSolanaRpc(url), wallet });
      expect(result).toMatchObject({ stored: false });
      const state = await getSyncState(t.database.db, SOLANA_SNAPSHOT_JOB);
      expect(state?.lastError).toMatch(/the Solana RPC answered HTTP 503; the next run tries again\.$/);
      const health = await t.app.inject("/health");
      expect(health.json().jobs).toContainEqual({ job: SOLANA_SNAPSHOT_JOB, status: "failing", last_success_at: null });
      const admin = await t.app.inject({ url: "/health", headers: { authorization: "Bearer admin-secret" } });
      const job = admin.json().jobs.find((row: { job: string }) => row.job === SOLANA_SNAPSHOT_JOB);
      expect(job.public_error).toBe(state?.lastError);
      expect(health.body + admin.body).not.toMatch(/hunter2|html|node\.js/);
    } finally {
      await t.close();
      await new Promise((resolve) => broken.close(resolve));
    }
  });

  it("serves the chain snapshot on /nft-lending/performance, in preference to imported ones", async () => {
    const t = await testApp({ ADMIN_TOKEN: "admin-secret" });
    try {
      const imported = await t.app.inject({
        method: "POST",
        url: "/admin/nft-lending/snapshots",
        headers: { authorization: "Bearer admin-secret" },
        payload: [{ timestamp: 1_763_000_000, total_sol_value: 7 }],
      });
      expect(imported.statusCode).toBe(200);
      expect((await t.app.inject("/nft-lending/performance")).json().source).toBe("import");
      const takenAt = new Date("2026-11-20T12:00:00Z");
      await snapshotLendingWallet({ db: t.database.db, rpc, wallet, now: takenAt, onStored: () => t.cache.clear() });
      const { value } = await rpc.getBalance(wallet).send();
      const sol = Number((Number(value) / 1e9).toFixed(6)); // the payload's SOL values have 6 decimals
      const performance = (await t.app.inject("/nft-lending/performance")).json();
      expect(performance).toMatchObject({
        source: "solana",
        error: null,
        performance_chart_data: [{ total_sol_value: sol, timestamp: takenAt.getTime() / 1000 }],
        summary: { points: 1, current_sol_value: sol },
      });
    } finally {
      await t.close();
    }
  });

  it("shows on /health by its own interval: ok 30 minutes after an hourly run; not_configured once turned off", async () => {
    const env = { ADMIN_TOKEN: "admin-secret", NFT_LENDING_WALLET: wallet, SOLANA_RPC_URL: local.url };
    const t = await testApp(env);
    try {
      const takenAt = new Date(Date.now() - 30 * 60_000);
      await snapshotLendingWallet({ db: t.database.db, rpc, wallet, now: takenAt });
      const health = (await t.app.inject("/health")).json();
      expect(health.jobs).toContainEqual({
        job: SOLANA_SNAPSHOT_JOB,
        status: "ok",
        last_success_at: takenAt.toISOString(),
      });
      const admin = await t.app.inject({ url: "/health", headers: { authorization: "Bearer admin-secret" } });
      expect(admin.json().jobs).toContainEqual(
        expect.objectContaining({ job: SOLANA_SNAPSHOT_JOB, last_synced_point: takenAt.toISOString() }),
      );
    } finally {
      await t.close();
    }
    const off = await testApp({});
    try {
      await snapshotLendingWallet({ db: off.database.db, rpc, wallet, now: new Date(Date.now() - 86_400_000) });
      const health = (await off.app.inject("/health")).json();
      expect(health.jobs).toContainEqual(
        expect.objectContaining({ job: SOLANA_SNAPSHOT_JOB, status: "not_configured" }),
      );
    } finally {
      await off.close();
    }
  });

  it("runs on the scheduler when both variables are set, and stops cleanly", async () => {
    const database = await testDatabase();
    const config = loadConfig({
      CHAIN_ID: "999",
      NFT_LENDING_WALLET: wallet,
      SOLANA_RPC_URL: local.url,
      SOLANA_SNAPSHOT_INTERVAL_SECONDS: "3600",
    });
    expect(config.solana).toEqual({ nftLendingWallet: wallet, rpcUrl: local.url, snapshotIntervalMs: 3_600_000 });
    const jobs = startSolanaSnapshots({ config, db: database.db, log: quiet });
    try {
      for (let i = 0; i < 200 && (await chainRows(database)).length === 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await chainRows(database)).toHaveLength(1);
    } finally {
      await jobs.stop();
      await database.close();
    }
  });

  it("starts with the API (startServer): over HTTP the chain value replaces the demo data, and /health lists the job", async () => {
    const server = await startServer({
      port: 0,
      env: {
        PGLITE_DIR: "memory://",
        LOG_LEVEL: "silent",
        CHAIN_ID: "999",
        DEMO_DATA: "1",
        NFT_LENDING_WALLET: local.accounts[4]?.address,
        SOLANA_RPC_URL: local.url,
      },
    });
    try {
      let body: { source?: string; performance_chart_data?: { total_sol_value: number }[] } = {};
      for (let i = 0; i < 200 && body.source !== "solana"; i += 1) {
        body = await (await fetch(`${server.url}/nft-lending/performance`)).json();
        if (body.source !== "solana") await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(body.source).toBe("solana");
      expect(body.performance_chart_data?.map((point) => point.total_sol_value)).toEqual([1000]);
      const health = await (await fetch(`${server.url}/health`)).json();
      expect(health.jobs).toContainEqual(expect.objectContaining({ job: SOLANA_SNAPSHOT_JOB, status: "ok" }));
    } finally {
      await server.close();
    }
  });

  it("does not run without both variables", async () => {
    const database = await testDatabase();
    try {
      const config = loadConfig({ CHAIN_ID: "999", SOLANA_RPC_URL: local.url });
      expect(config.solana.nftLendingWallet).toBeUndefined();
      const jobs = startSolanaSnapshots({ config, db: database.db, log: quiet });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await jobs.stop();
      expect(await chainRows(database)).toEqual([]);
      expect(await getSyncState(database.db, SOLANA_SNAPSHOT_JOB)).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL_TEST)("the Solana snapshot in a fleet (PostgreSQL)", () => {
  it("skips its turns while another instance holds the job's lock, and takes the job over once it is free", async () => {
    const local = await startSolanaLocal();
    const database = await testDatabase("postgres");
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const leader = await pool.connect();
    const key = "hashtext('fundament:job:' || $1)";
    const jobs = startSolanaSnapshots({
      config: {
        solana: {
          nftLendingWallet: address(local.accounts[3]?.address ?? ""),
          rpcUrl: local.url,
          snapshotIntervalMs: 5000,
        },
      },
      db: database.db,
      log: quiet,
    });
    try {
      const { rows } = await leader.query(`SELECT pg_try_advisory_lock(${key}) AS locked`, [SOLANA_SNAPSHOT_JOB]);
      expect(rows[0]?.locked).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await chainRows(database)).toEqual([]);
      expect(await getSyncState(database.db, SOLANA_SNAPSHOT_JOB)).toBeUndefined();
      await leader.query(`SELECT pg_advisory_unlock(${key})`, [SOLANA_SNAPSHOT_JOB]);
      for (let i = 0; i < 400 && (await chainRows(database)).length === 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect((await chainRows(database)).map((row) => row.value)).toEqual([1000]);
    } finally {
      leader.release();
      await jobs.stop();
      await database.close();
      await local.stop();
    }
  });
});

describe("the Solana configuration", () => {
  it("rejects a bad NFT_LENDING_WALLET, naming the variable", () => {
    for (const bad of ["0x52908400098527886E0F7030069857D2E4169EE7", "not-an-address", "1111"]) {
      expect(() => loadConfig({ CHAIN_ID: "999", NFT_LENDING_WALLET: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ CHAIN_ID: "999", NFT_LENDING_WALLET: bad })).toThrow(
        /NFT_LENDING_WALLET: must be a Solana address/,
      );
    }
  });

  it("rejects a SOLANA_RPC_URL that is not http(s) and a too short interval", () => {
    expect(() => loadConfig({ CHAIN_ID: "999", SOLANA_RPC_URL: "localhost:8899" })).toThrow(/SOLANA_RPC_URL/);
    expect(() => loadConfig({ CHAIN_ID: "999", SOLANA_SNAPSHOT_INTERVAL_SECONDS: "1" })).toThrow(
      /SOLANA_SNAPSHOT_INTERVAL_SECONDS/,
    );
  });

  it("defaults the interval to an hour and leaves the job off", () => {
    expect(loadConfig({ CHAIN_ID: "999" }).solana).toEqual({
      nftLendingWallet: undefined,
      rpcUrl: undefined,
      snapshotIntervalMs: 3_600_000,
    });
  });
});
