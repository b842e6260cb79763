import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../exports/server.js";
import { DAY, type FakeBybit, makeDeposits, makeWithdrawals, startFakeBybit } from "../testing/fakeBybit.js";

describe("the Bybit sync scheduled inside startServer", () => {
  let fake: FakeBybit;
  let server: RunningServer;
  beforeAll(async () => {
    fake = await startFakeBybit();
    const now = Date.now();
    fake.deposits = makeDeposits(75, now - 40 * DAY, now - DAY);
    fake.withdrawals = makeWithdrawals(4, now - 10 * DAY, now - DAY);
    fake.totalEquity = "98765.43";
    server = await startServer({
      port: 0,
      env: {
        PGLITE_DIR: "memory://",
        LOG_LEVEL: "silent",
        CHAIN_ID: "999",
        BYBIT_API_KEY: fake.apiKey,
        BYBIT_API_SECRET: fake.secret,
        BYBIT_BASE_URL: fake.url,
        BYBIT_SYNC_START: String(now - 45 * DAY),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.stop();
  });

  it("fills the exchange routes and the futures performance from the exchange", async () => {
    // The jobs run one after another (deposits, withdrawals, equity): wait for the last one's success.
    for (let i = 0; i < 150; i++) {
      const health = await (await fetch(`${server.url}/health`)).json();
      const equity = health.jobs.find((j: { job: string }) => j.job === "bybit:equity");
      if (equity?.last_success_at) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const body = await (await fetch(`${server.url}/api/deposits/bybit?limit=500`)).json();
    expect(body?.data).toMatchObject({ source: "bybit", error: null });
    expect(body?.data.deposits).toHaveLength(75);
    const withdrawals = await (await fetch(`${server.url}/api/withdrawals/bybit`)).json();
    expect(withdrawals.data.withdrawals).toHaveLength(4);
    const futures = await (await fetch(`${server.url}/futures/performance`)).json();
    expect(futures).toMatchObject({ current_tvl_usd: 98765.43, error: null, source: "bybit" });
    // Every request the sync made was signed with the configured key (a bad signature would have failed).
    expect(fake.requests.length).toBeGreaterThanOrEqual(5);
  });
});
