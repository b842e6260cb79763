import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY, type FakeBybit, makeDeposits, makeWithdrawals, startFakeBybit } from "../testing/fakeBybit.js";

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const serverUrl = process.env.DATABASE_URL_TEST;

type Instance = { child: ChildProcess; pid: number; output: () => string; exited: Promise<number | null> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, read: () => Promise<T | undefined>, tries = 600): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Several API processes (`src/main.ts`, as deployed) on one PostgreSQL database, syncing from one fake Bybit:
 * the exchange job runs in exactly one of them at a time, a leader killed with SIGKILL mid-run is taken over by
 * another, and after three such kills every record is stored exactly once.
 */
describe.skipIf(!serverUrl)("a fleet of API instances on one PostgreSQL", () => {
  let fake: FakeBybit;
  let admin: pg.Client;
  let databaseUrl = "";
  const name = `fleet_${process.pid}_${Date.now()}`;
  const instances: Instance[] = [];

  beforeAll(async () => {
    fake = await startFakeBybit();
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl ?? "");
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    for (const instance of instances) instance.child.kill("SIGKILL");
    await Promise.all(instances.map((instance) => instance.exited));
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
    await fake?.stop();
  });

  const start = (syncStart: number): Instance => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH,
        API_PORT: "0",
        DATABASE_URL: databaseUrl,
        BYBIT_API_KEY: fake.apiKey,
        BYBIT_API_SECRET: fake.secret,
        BYBIT_BASE_URL: fake.url,
        BYBIT_SYNC_START: String(syncStart),
        SYNC_INTERVAL_SECONDS: "5",
        CHAIN_ID: "999",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const instance: Instance = {
      child,
      pid: child.pid ?? 0,
      output: () => output,
      exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
    };
    instances.push(instance);
    return instance;
  };

  /** The OS pid of the instance holding the Bybit job's lock now (its connection is named fundament-api:<pid>), if any. */
  const leader = async (): Promise<number | undefined> => {
    const { rows } = await admin.query<{ name: string }>(
      `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted AND a.datname = $1
         AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtext('fundament:job:bybit')::bigint`,
      [name],
    );
    const pids = new Set(rows.map((row) => Number(row.name.split(":")[1])));
    expect(pids.size).toBeLessThanOrEqual(1);
    return [...pids][0];
  };
  const storedDeposits = async (): Promise<string[]> => {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) return [];
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const table = await client.query("SELECT to_regclass('exchange_transfers') AS t");
      if (!table.rows[0]?.t) return [];
      const { rows } = await client.query<{ id: string }>(
        "SELECT id FROM exchange_transfers WHERE kind = 'deposit' AND source = 'bybit'",
      );
      return rows.map((row) => row.id);
    } finally {
      await client.end();
    }
  };
  const jobStates = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ job: string; last_success_at: Date | null; last_error: string | null }>(
        "SELECT job, last_success_at, last_error FROM sync_state",
      );
      return rows;
    } finally {
      await client.end();
    }
  };

  it("runs the sync in one instance at a time; a killed leader is taken over; nothing lost or doubled", async () => {
    const now = Date.now();
    fake.deposits = makeDeposits(900, now - 300 * DAY, now - DAY);
    fake.withdrawals = makeWithdrawals(150, now - 300 * DAY, now - DAY);
    fake.totalEquity = "5000";
    fake.delayMs = 30;
    fake.maxInFlight = 0;
    const syncStart = now - 301 * DAY;

    // Two instances start together on an empty database (their migrations take turns).
    start(syncStart);
    start(syncStart);

    const killedPids: number[] = [];
    let storedAtKill = 0;
    for (let kill = 0; kill < 3; kill++) {
      // Wait until the current leader is mid-run: more records stored than at the last kill, not all of them.
      const pid = await until("a leader mid-run", async () => {
        const stored = (await storedDeposits()).length;
        const holder = await leader();
        return holder !== undefined && stored > storedAtKill && stored < fake.deposits.length ? holder : undefined;
      });
      const victim = instances.find((instance) => instance.pid === pid);
      expect(victim, `the lock holder ${pid} is one of the instances`).toBeDefined();
      victim?.child.kill("SIGKILL");
      await victim?.exited;
      killedPids.push(pid);
      storedAtKill = (await storedDeposits()).length;
      // The lock died with the leader's session; another instance takes the job at its next turn.
      const next = await until("another instance to take over", async () => {
        const holder = await leader();
        return holder !== undefined && holder !== pid ? holder : undefined;
      });
      expect(killedPids).not.toContain(next);
      start(syncStart); // keep two instances running
    }

    const expected = new Set(fake.deposits.map((row) => row.id));
    await until(
      "every deposit and withdrawal stored and the run recorded as a success",
      async () => {
        const states = await jobStates();
        const done = ["bybit:deposits", "bybit:withdrawals", "bybit:equity"].every((job) =>
          states.some((row) => row.job === job && row.last_success_at !== null && row.last_error === null),
        );
        return done ? true : undefined;
      },
      1200,
    );
    const stored = await storedDeposits();
    expect(stored.length).toBe(expected.size);
    expect(new Set(stored)).toEqual(expected);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const withdrawals = await client.query<{ id: string }>(
      "SELECT id FROM exchange_transfers WHERE kind = 'withdrawal'",
    );
    await client.end();
    expect(new Set(withdrawals.rows.map((row) => row.id))).toEqual(
      new Set(fake.withdrawals.map((row) => row.withdrawId)),
    );

    // Exactly one instance talked to the exchange at any moment (each syncs one request at a time).
    expect(fake.maxInFlight).toBe(1);
    for (const instance of instances.filter((i) => !killedPids.includes(i.pid))) {
      // The instance started after the last kill may still be loading its modules on a busy machine: it must get to
      // listening, however long its start takes.
      await until(`instance ${instance.pid} listening`, async () =>
        /API listening on/.test(instance.output()) ? true : undefined,
      );
      expect(instance.output()).toMatch(/API listening on/);
      expect(instance.output()).not.toMatch(/unhandled|ERR_|Error:/i);
    }
  }, 240_000);
});
