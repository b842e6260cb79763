/**
 * The exchange part of a round's report, read by the real ccxt client from the local exchange that speaks Bybit's v5
 * wire format: every page of the positions, closed rows left out, the figures as Bybit wrote them; any answer that is
 * missing, refused or malformed throws (a report never states a silent zero).
 */
import ccxt from "ccxt";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBybit } from "../sync/createBybit.js";
import { ExchangeAnswerError } from "../sync/exchangeAnswer.js";
import { type BybitPositionRow, type FakeBybit, startFakeBybit } from "../testing/fakeBybit.js";
import { readExchangeSnapshot } from "./readExchangeSnapshot.js";

const AT = new Date("2026-11-20T12:00:00.000Z");
let fake: FakeBybit;

const position = (i: number, size: string): BybitPositionRow => ({
  symbol: `C${i}USDT`,
  side: size === "0" ? "" : i % 2 ? "Sell" : "Buy",
  size,
  avgPrice: "10",
  positionValue: `${i}.5`,
  markPrice: "10.1",
  unrealisedPnl: `-0.${i}`,
  leverage: "1",
  positionIdx: 0,
  updatedTime: "1795000000000",
});

beforeAll(async () => {
  fake = await startFakeBybit();
});
afterEach(() => {
  fake.fail = undefined;
  fake.positions = [];
  fake.requests = [];
});
afterAll(async () => {
  await fake?.stop();
});

const bybit = (secret = fake.secret) => createBybit({ apiKey: fake.apiKey, secret, baseUrl: fake.url, timeout: 2_000 });

describe("readExchangeSnapshot", () => {
  it("reads the unified wallet and every page of the open positions, as Bybit wrote them", async () => {
    fake.totalEquity = "100234.5";
    fake.positions = Array.from({ length: 450 }, (_, i) => position(i, i % 3 === 0 ? "0" : `0.${i}`));
    const snapshot = await readExchangeSnapshot(bybit(), AT);
    expect(snapshot).toMatchObject({
      name: "bybit",
      at: "2026-11-20T12:00:00.000Z",
      equity: "100234.5",
      balances: { USDT: "100234.5" },
    });
    expect(snapshot.positions).toHaveLength(300);
    expect(snapshot.positions[0]).toEqual({
      symbol: "C1USDT",
      side: "Sell",
      contracts: "0.1",
      notional: "1.5",
      unrealizedPnl: "-0.1",
    });
    const pages = fake.requests.filter((r) => r.path === "/v5/position/list");
    expect(pages.map((r) => [r.query.get("limit"), r.query.get("settleCoin"), r.query.get("category")])).toEqual([
      ["200", "USDT", "linear"],
      ["200", "USDT", "linear"],
      ["200", "USDT", "linear"],
    ]);
  });

  it("throws on a refused key, a retCode error, an unreadable page and a malformed figure", async () => {
    await expect(readExchangeSnapshot(bybit("wrong"), AT)).rejects.toBeInstanceOf(ccxt.AuthenticationError);
    fake.positions = [position(1, "1")];
    const failures = [
      { status: 200, body: { retCode: 10_016, retMsg: "Server error", result: {}, time: 0 } },
      { status: 200, raw: "<html>maintenance</html>" },
      { status: 200, body: { retCode: 0, retMsg: "OK", result: { category: "linear" }, time: 0 } },
    ] as const;
    for (const failure of failures) {
      fake.fail = (request) => (request.path === "/v5/position/list" ? failure : undefined);
      await expect(readExchangeSnapshot(bybit(), AT)).rejects.toThrow();
    }
    fake.fail = undefined;
    fake.positions = [{ ...position(1, "1"), unrealisedPnl: "" }];
    await expect(readExchangeSnapshot(bybit(), AT)).rejects.toThrow(ExchangeAnswerError);
    fake.positions = [{ ...position(1, "1"), side: "" }];
    await expect(readExchangeSnapshot(bybit(), AT)).rejects.toThrow(/position side was missing/);
    fake.positions = [];
    fake.totalEquity = "";
    await expect(readExchangeSnapshot(bybit(), AT)).rejects.toThrow(/balance was not a decimal number/);
    fake.totalEquity = "0";
  });
});
