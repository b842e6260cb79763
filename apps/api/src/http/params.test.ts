import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../demo/seed.js";
import { type TestApp, testApp } from "../testing/testApp.js";

const ADDRESS = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ ADMIN_TOKEN: "admin-secret", RATE_LIMIT_MAX: "100000", CACHE_TTL_MS: "0" });
  await seedDemo({ db: t.database.db });
});
afterAll(() => t.close());

describe("strict parameters: 400 with a clear message, never a 500", () => {
  it.each([
    ["/api/deposits/bybit?cursor=1:%00", "cursor must not contain control characters"],
    ["/api/deposits/bybit?cursor=99999999999999999999:x", "cursor must be a next_cursor value from a previous page"],
    ["/api/deposits/bybit?cursor=1:", "cursor must be a next_cursor value from a previous page"],
    ["/api/deposits/bybit?limit=0x10", "limit must be a whole number between 1 and 500"],
    ["/api/deposits/bybit?limit=1e2", "limit must be a whole number between 1 and 500"],
    ["/api/deposits/bybit?limit=%205", "limit must be a whole number between 1 and 500"],
    ["/api/deposits/bybit?limit=+5", "limit must be a whole number between 1 and 500"],
    ["/api/deposits/bybit?limit=5.0", "limit must be a whole number between 1 and 500"],
    ["/api/deposits/bybit?limit=1&limit=2", "limit must be given once"],
    ["/api/withdrawals/bybit?until=", "until must be a time in milliseconds"],
    ["/api/withdrawals/bybit?since=-1", "since must be a time in milliseconds"],
    ["/api/withdrawals/bybit?since=1e30", "since must be a time in milliseconds"],
    [
      "/api/withdrawals/bybit?since=253402300800000",
      "since must be a time in milliseconds (digits only, 1970 to 9999)",
    ],
    [
      `/v1/account/${ADDRESS}/history?chainId=2147483648`,
      "chainId must be a chain id (a whole number from 1 to 2147483647)",
    ],
    [`/v1/account/${ADDRESS}/history?chainId=0`, "chainId must be a chain id"],
    [`/v1/account/${ADDRESS}/history?chainId=0x1`, "chainId must be a chain id"],
    [
      `/v1/account/${ADDRESS}/history?chainId=1&cursor=1:99999999999999999999`,
      "cursor must be a next value from a previous page",
    ],
    [
      `/v1/account/${ADDRESS}/history?chainId=1&cursor=1:2147483648`,
      "cursor must be a next value from a previous page",
    ],
    [
      `/v1/account/${ADDRESS}/history?chainId=1&cursor=9007199254740993:1`,
      "cursor must be a next value from a previous page",
    ],
    [`/v1/account/${ADDRESS}/history?chainId=1&cursor=1:2:3`, "cursor must be a next value from a previous page"],
    [`/v1/account/${ADDRESS}%00/history`, "address must be at most 42 characters"],
    [`/v1/account/0x5FbDB2315678afecb367f032d93F642f64180a%00/history`, "address must not contain control characters"],
  ])("%s → 400 %s", async (url, message) => {
    const response = await t.app.inject(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it("still answers good values", async () => {
    const deposits = await t.app.inject("/api/deposits/bybit?limit=5&since=0&until=9999999999999");
    expect(deposits.statusCode).toBe(200);
    expect(deposits.json().data.deposits).toHaveLength(5);
    const cursor = deposits.json().data.next_cursor as string;
    expect((await t.app.inject(`/api/deposits/bybit?limit=5&cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(
      200,
    );
    const history = await t.app.inject(
      `/v1/account/${ADDRESS}/history?chainId=2147483647&cursor=9007199254740991:2147483647`,
    );
    expect(history.json()).toEqual({ data: [], next: null });
  });
});

describe("admin import timestamps: 400 naming the row and why", () => {
  const url = "/admin/nft-lending/snapshots";
  const headers = { authorization: "Bearer admin-secret" };
  it.each([
    [
      [
        { timestamp: 1_790_000_000, total_sol_value: 1 },
        { timestamp: 1e30, total_sol_value: 1 },
      ],
      'Row 2: timestamp "1e+30" is outside 1970-01-01 to 9999-12-31',
    ],
    [
      [{ timestamp: 1_790_000_000_000_000, total_sol_value: 1 }],
      'Row 1: timestamp "1790000000000000" is outside 1970-01-01 to 9999-12-31',
    ],
    [
      [{ timestamp: "-099999-01-01T00:00:00Z", total_sol_value: 1 }],
      'Row 1: timestamp "-099999-01-01T00:00:00Z" is not a time',
    ],
    [[{ timestamp: -5, total_sol_value: 1 }], 'Row 1: timestamp "-5" is outside 1970-01-01 to 9999-12-31'],
    [[{ timestamp: "0x10", total_sol_value: 1 }], 'Row 1: timestamp "0x10" is not a time'],
    [
      [{ timestamp: 1_790_000_000, total_sol_value: "1e2" }],
      'Row 1: total_sol_value "1e2" is not a non-negative number',
    ],
    [
      [{ timestamp: 1_790_000_000, total_sol_value: 1e300 }],
      'Row 1: total_sol_value "1e+300" is not a non-negative number up to 1e15',
    ],
  ])("%j → 400", async (payload, message) => {
    const response = await t.app.inject({ method: "POST", url, headers, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it("refuses a CSV row out of range, and keeps the ISO and millisecond forms", async () => {
    const csv = await t.app.inject({
      method: "POST",
      url,
      headers: { ...headers, "content-type": "text/csv" },
      payload: "timestamp,total_sol_value\n1790000000,1\n99999999999999999,2\n",
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toMatch(/^Row 2: timestamp "99999999999999999" is outside/);
    const ok = await t.app.inject({
      method: "POST",
      url,
      headers,
      payload: [
        { timestamp: "2026-09-23T00:00:00Z", total_sol_value: "1.5" },
        { timestamp: 1_790_000_000_000, total_sol_value: 2 },
      ],
    });
    expect(ok.json()).toEqual({ stored: 2 });
  });
});

describe("bodies of the wrong type", () => {
  it("answers 400 or 415 with a fixed text, never the parser's own", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/auth/verify",
      headers: { "content-type": "application/json" },
      payload: '{"message": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Body is not valid JSON/);
    const type = await t.app.inject({
      method: "POST",
      url: "/auth/verify",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(type.statusCode).toBe(415);
    const nul = await t.app.inject({
      method: "POST",
      url: "/auth/verify",
      payload: { message: "a\u0000b", signature: "0x00" },
    });
    expect(nul.json().message).toBe("Invalid body: message: message must not contain control characters");
  });
});
