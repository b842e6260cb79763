import { describe, expect, it } from "vitest";
import { futuresYield, parseDayMonthYear } from "./futuresYield.js";
import { lockPeriodDays } from "./lockPeriodDays.js";
import { nftLendingYield } from "./nftLendingYield.js";
import { fromTokenUnits, toTokenUnits } from "./tokenAmount.js";
import { vaultYield } from "./vaultYield.js";

const records = (...dates: string[]) => dates.map((date) => ({ date }));

describe("futuresYield", () => {
  it.each([
    ["no records", { initial_tvl_usd: 100, current_tvl_usd: 110, performance_records: [] }, 0],
    ["null records", { initial_tvl_usd: 100, current_tvl_usd: 110, performance_records: null }, 0],
    ["zero initial TVL", { initial_tvl_usd: 0, current_tvl_usd: 110, performance_records: records("01/01/2026") }, 0],
    // 10% over 1 day (a single record counts as 1 day) → 36.5 a year
    ["one record", { initial_tvl_usd: 100, current_tvl_usd: 110, performance_records: records("01/01/2026") }, 36.5],
    // 10% over 365 days → 0.1
    [
      "a year",
      { initial_tvl_usd: 1000, current_tvl_usd: 1100, performance_records: records("01/01/2025", "01/01/2026") },
      0.1,
    ],
    // -5% over 73 days → -0.25
    [
      "a loss",
      { initial_tvl_usd: 200, current_tvl_usd: 190, performance_records: records("01/03/2026", "13/05/2026") },
      -0.25,
    ],
    // records out of order: the span is still first to last
    [
      "unordered",
      { initial_tvl_usd: 1000, current_tvl_usd: 1100, performance_records: records("01/01/2026", "01/01/2025") },
      0.1,
    ],
    // same-day records: at least 1 day
    [
      "same day",
      { initial_tvl_usd: 100, current_tvl_usd: 101, performance_records: records("02/02/2026", "02/02/2026") },
      3.65,
    ],
    [
      "string figures",
      { initial_tvl_usd: "100", current_tvl_usd: "110", performance_records: records("1/1/2026") },
      36.5,
    ],
  ])("%s", (_name, payload, expected) => {
    expect(futuresYield(payload)).toBeCloseTo(expected, 12);
  });

  it("parses day/month/year and rejects impossible dates", () => {
    expect(parseDayMonthYear("21/11/2026")).toBe(Date.UTC(2026, 10, 21));
    expect(parseDayMonthYear("31/02/2026")).toBeNaN();
    expect(parseDayMonthYear("2026-11-21")).toBeNaN();
  });
});

describe("nftLendingYield", () => {
  const day = 86_400;
  it.each([
    ["missing summary", { summary: null, performance_chart_data: [] }, 0],
    [
      "one point",
      { summary: { total_profit_sol: 5 }, performance_chart_data: [{ total_sol_value: 100, timestamp: 0 }] },
      0,
    ],
    // profit 5 over average 100 across 365 days → 0.05
    [
      "a year",
      {
        summary: { total_profit_sol: 5 },
        performance_chart_data: [
          { total_sol_value: 95, timestamp: 1_700_000_000 },
          { total_sol_value: 105, timestamp: 1_700_000_000 + 365 * day },
        ],
      },
      0.05,
    ],
    // profit 1 over average 50 across 10 days → 0.02 / 10 * 365 = 0.73
    [
      "ten days",
      {
        summary: { total_profit_sol: "1" },
        performance_chart_data: [
          { total_sol_value: "40", timestamp: "1700000000" },
          { total_sol_value: "50", timestamp: String(1_700_000_000 + 5 * day) },
          { total_sol_value: "60", timestamp: String(1_700_000_000 + 10 * day) },
        ],
      },
      0.73,
    ],
    [
      "zero average",
      {
        summary: { total_profit_sol: 1 },
        performance_chart_data: [
          { total_sol_value: 0, timestamp: 1 },
          { total_sol_value: 0, timestamp: 2 },
        ],
      },
      0,
    ],
  ])("%s", (_name, payload, expected) => {
    expect(nftLendingYield(payload)).toBeCloseTo(expected, 12);
  });
});

describe("vaultYield falls back to the static yield", () => {
  it("when the payload is missing or carries an error", () => {
    expect(vaultYield("futures", undefined, 0.045)).toBe(0.045);
    expect(
      vaultYield("futures", { initial_tvl_usd: 1, current_tvl_usd: 2, performance_records: [], error: "down" }, 0.045),
    ).toBe(0.045);
    expect(vaultYield("nft", { summary: null, performance_chart_data: null, error: "no source" }, 0.06)).toBe(0.06);
  });
  it("when the figures cannot be computed", () => {
    expect(
      vaultYield(
        "futures",
        { initial_tvl_usd: "abc", current_tvl_usd: 1, performance_records: records("01/01/2026") },
        0.045,
      ),
    ).toBe(0.045);
  });
  it("uses the computed yield otherwise, including a real zero", () => {
    expect(vaultYield("nft", { summary: null, performance_chart_data: [] }, 0.06)).toBe(0);
  });
});

describe("lockPeriodDays (the corrected reading of spec section 9)", () => {
  it.each([
    [0, 0, 0],
    [1_700_000_000, 0, 0],
    [1_700_000_000, 1_700_000_000 + 30 * 86_400, 30],
    [1_700_000_000n, 1_700_000_000n + 3_600n, 0.04],
    [1_700_000_000, 1_699_000_000, 0],
  ])("(%s, %s) → %s", (start, end, days) => {
    expect(lockPeriodDays(start, end)).toBe(days);
  });
});

describe("token units", () => {
  it.each([
    ["1000", 6, 1_000_000_000n],
    ["1,250.5", 6, 1_250_500_000n],
    ["0.000001", 6, 1n],
    [" 42 ", 18, 42_000_000_000_000_000_000n],
  ])("toTokenUnits(%s, %s)", (text, decimals, units) => {
    expect(toTokenUnits(text, decimals)).toBe(units);
  });
  it.each([
    ["", "Enter an amount, like 1000 or 1000.50."],
    ["-5", "Enter an amount, like 1000 or 1000.50."],
    ["1e6", "Enter an amount, like 1000 or 1000.50."],
    ["0", "Enter an amount above zero."],
    ["0.0000001", "Use at most 6 decimal places."],
  ])("rejects %j", (text, message) => {
    expect(() => toTokenUnits(text, 6)).toThrow(message);
  });
  it("converts back", () => {
    expect(fromTokenUnits(1_250_500_000n, 6)).toBe(1250.5);
  });
});
