import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { ResponseCache } from "../http/responseCache.js";
import { getSyncState, JOBS, listSyncStates, type SyncStateRow } from "../jobs/syncState.js";
import { DAY, type FakeBybit, httpFailure, makeDeposits, startFakeBybit } from "../testing/fakeBybit.js";
import { testDatabase } from "../testing/testDatabase.js";
import { startSyncJobs } from "./startSyncJobs.js";

const ADMIN_TOKEN = "admin-token-for-failures";
/** Credentials shaped like Bybit's (18 and 36 characters), so a verbatim echo is recognisable. */
const API_KEY = "fK3pQ9zR2mT7vW1xY5";
const SECRET = "Zq8LmN3vB6cX1aS4dF7gH0jK2lP5oI9uY3tR";
const TRANSFER_JOBS: string[] = [JOBS.deposits, JOBS.withdrawals];

type LogLine = {
  level: number;
  msg: string;
  job?: string;
  cause?: { type: string; message: string; status?: number; body?: string };
};
type SyncOutcome = {
  lines: string[];
  logged: LogLine[];
  states: SyncStateRow[];
  adminHealth: string;
  signatures: string[];
};

let fake: FakeBybit;
beforeAll(async () => {
  fake = await startFakeBybit({ apiKey: API_KEY, secret: SECRET });
  const now = Date.now();
  fake.deposits = makeDeposits(5, now - 20 * DAY, now - DAY);
});
afterAll(() => fake.stop());

/**
 * One run of the Bybit job exactly as `startServer` schedules it (startSyncJobs, the app's pino logger with its
 * redaction, a fresh database), with the fake answering `fail`; what was logged, stored and shown on /health.
 */
async function syncOnceAgainst(fail: FakeBybit["fail"]): Promise<SyncOutcome> {
  const lines: string[] = [];
  const config = loadConfig({
    LOG_LEVEL: "debug",
    CHAIN_ID: "999",
    ADMIN_TOKEN,
    BYBIT_API_KEY: API_KEY,
    BYBIT_API_SECRET: SECRET,
    BYBIT_BASE_URL: fake.url,
    BYBIT_SYNC_START: String(Date.now() - 30 * DAY),
  });
  const database = await testDatabase();
  const cache = new ResponseCache(0);
  const app = await buildApp(config, { database, cache, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
  fake.requests = [];
  fake.fail = fail;
  try {
    const jobs = await startSyncJobs({ config, db: database.db, cache, tokens: new Map(), log: app.log });
    for (let i = 0; i < 200 && !(await getSyncState(database.db, JOBS.equity))?.lastRunAt; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await jobs.stop();
    const health = await app.inject({ url: "/health", headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const signatures = fake.requests
      .map((r) => r.headers["x-bapi-sign"])
      .filter((s): s is string => typeof s === "string");
    return {
      lines,
      logged: lines.map((line) => JSON.parse(line) as LogLine),
      states: await listSyncStates(database.db),
      adminHealth: health.body,
      signatures,
    };
  } finally {
    fake.fail = undefined;
    await app.close();
    await database.close();
  }
}

/** The warning logged for `job`'s failure. */
const failureLine = (outcome: SyncOutcome, job: string) =>
  outcome.logged.find((line) => line.job === job && line.level === 40 && line.cause);

/** A header dump as an echoing upstream writes one: every request header, the key and the signature included. */
const headerDump = (headers: Record<string, unknown>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join("\n");

describe("an exchange error echoing the API key, the secret or a signature is redacted everywhere", () => {
  const echoes: [string, FakeBybit["fail"]][] = [
    [
      "a 400 JSON body quoting the request headers",
      (r) => ({
        status: 400,
        body: { retCode: 10001, retMsg: `params error: ${JSON.stringify(r.headers)}`, result: {} },
      }),
    ],
    [
      "a 500 HTML page with the signed URL and a header dump",
      (r) => ({
        status: 500,
        raw: `<html><body><h1>500</h1><pre>GET ${r.path}?api_key=${API_KEY}&sign=${String(r.headers["x-bapi-sign"])}&recv_window=5000\n${headerDump(r.headers)}</pre></body></html>`,
      }),
    ],
    [
      "Bybit's 10004 whose origin_string runs the key into the timestamp",
      (r) => ({
        status: 200,
        body: {
          retCode: 10004,
          retMsg: `error sign! origin_string[${String(r.headers["x-bapi-timestamp"])}${API_KEY}5000${r.query.toString()}]`,
          result: {},
        },
      }),
    ],
    [
      "a 429 from a proxy that prints the signature and the secret",
      (r) =>
        httpFailure(
          429,
          `Too Many Requests for key ${API_KEY}: signature=${String(r.headers["x-bapi-sign"])} secret=${SECRET}`,
        ),
    ],
  ];

  it.each(echoes)("%s", async (_, fail) => {
    const outcome = await syncOnceAgainst(fail);
    expect(outcome.signatures.length).toBeGreaterThan(0);
    const credentials = [API_KEY, SECRET, ...outcome.signatures];
    const stored = outcome.states.map((state) => state.lastError ?? "").join("\n");
    for (const text of [outcome.lines.join(""), stored, outcome.adminHealth]) {
      for (const credential of credentials) expect(text).not.toContain(credential);
    }
    // Every exchange job failed, was stored in our words, and logged with what came back (its credentials redacted).
    for (const job of [...TRANSFER_JOBS, JOBS.equity]) {
      const line = failureLine(outcome, job);
      expect(line?.msg).toMatch(/^Bybit [a-z ]+ at \d{4}-\d\d-\d\dT[\d:.]+Z/i);
      expect(outcome.states.find((state) => state.job === job)?.lastError).toBe(line?.msg);
      expect(line?.cause?.status).toBeGreaterThanOrEqual(200);
      expect(`${line?.cause?.message} ${line?.cause?.body}`).toContain("[redacted]");
    }
  });
});

describe("a refused or failed request says what came back, not 'no answer came back in time'", () => {
  const answers: [string, FakeBybit["fail"], RegExp, number | undefined, RegExp][] = [
    [
      "a 429",
      () => httpFailure(429),
      /^Bybit refused the request at [^ ]+: too many requests \(HTTP 429 Too Many Requests\); the next run tries again\.$/,
      429,
      /^429 Too Many Requests$/,
    ],
    [
      "a 500 with a text body",
      () => httpFailure(500, "upstream connect error or disconnect/reset before headers. reset reason: overflow"),
      /^Bybit answered with an error at [^ ]+: HTTP 500 Internal Server Error; the next run tries again\.$/,
      500,
      /^upstream connect error/,
    ],
    [
      "a 500 with Bybit's envelope",
      () => ({ status: 500, body: { retCode: 10016, retMsg: "System error. Please try again later.", result: {} } }),
      /^Bybit answered with an error at [^ ]+: HTTP 500 Internal Server Error, retCode 10016; the next run/,
      500,
      /"retMsg":"System error/,
    ],
    [
      "a 503 HTML page",
      () => ({ status: 503, raw: `<html><body>${"Service Unavailable. ".repeat(2000)}</body></html>` }),
      /^Bybit answered with an error at [^ ]+: HTTP 503 Service Unavailable; the next run tries again\.$/,
      503,
      /^<html><body>Service Unavailable\..{250,}… \(\d+ characters\)$/,
    ],
    [
      "Bybit's own rate limit (retCode 10006, HTTP 200)",
      () => ({ status: 200, body: { retCode: 10006, retMsg: "Too many visits!", result: {} } }),
      /^Bybit refused the request at [^ ]+: too many requests \(retCode 10006\); the next run tries again\.$/,
      200,
      /Too many visits!/,
    ],
    [
      "no answer at all (a dropped connection)",
      () => "drop",
      /^Bybit was unreachable at [^ ]+: no answer came back in time; the next run tries again\.$/,
      undefined,
      /^$/,
    ],
  ];

  it.each(answers)("%s", async (_, fail, sentence, status, bodyStart) => {
    const outcome = await syncOnceAgainst(fail);
    for (const job of [...TRANSFER_JOBS, JOBS.equity]) {
      const stored = outcome.states.find((state) => state.job === job)?.lastError;
      expect(stored).toMatch(sentence);
      const line = failureLine(outcome, job);
      expect(line?.msg).toBe(stored);
      expect(line?.cause?.status).toBe(status);
      expect(line?.cause?.body ?? "").toMatch(bodyStart);
      if (status !== undefined) expect(stored).not.toMatch(/in time/);
    }
    // What the public sees keeps the sentence whole: it is a plain sentence.
    const health = JSON.parse(outcome.adminHealth) as { jobs: { job: string; public_error: string | null }[] };
    for (const job of health.jobs.filter((j) => TRANSFER_JOBS.includes(j.job)))
      expect(job.public_error).toMatch(sentence);
  });
});
