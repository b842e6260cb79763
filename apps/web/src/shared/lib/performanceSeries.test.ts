import { describe, expect, it } from "vitest";
import {
  columnLabel,
  columnValue,
  filterRange,
  futuresColumns,
  futuresSeries,
  futuresValueColumn,
  nftSeries,
  seriesChangePercent,
} from "./performanceSeries";

const day = 86_400;

describe("performance series", () => {
  const futures = {
    initial_tvl_usd: 100_000,
    current_tvl_usd: 104_000,
    performance_records: [
      { date: "03/11/2026", pnl_usd: 2_000, tvl_usd: 102_000 },
      { date: "01/11/2026", pnl_usd: 0, tvl_usd: "100000" },
      { date: "31/02/2026", pnl_usd: 1, tvl_usd: 1 },
      { date: "10/11/2026", pnl_usd: 4_000, tvl_usd: 104_000, note: "x", timestamp: 1_794_268_800, synced_at: 1 },
    ],
    error: null,
  };

  it("reads the futures records' numeric columns (no time columns) and charts the TVL, by date, leaving bad dates out", () => {
    expect(futuresColumns(futures)).toEqual(["pnl_usd", "tvl_usd"]);
    expect(futuresValueColumn(futures)).toBe("tvl_usd");
    const points = futuresSeries(futures);
    expect(points.map((p) => p.value)).toEqual([100_000, 102_000, 104_000]);
    expect(points[0]?.time).toBe(Date.UTC(2026, 10, 1) / 1000);
    expect(seriesChangePercent(points)).toBeCloseTo(4);
  });

  it("reads the NFT chart points from seconds, numeric strings or ISO dates", () => {
    const points = nftSeries({
      summary: { total_profit_sol: 5 },
      performance_chart_data: [
        { timestamp: "2026-11-02T00:00:00Z", total_sol_value: "110" },
        { timestamp: 1_793_491_200, total_sol_value: 100 },
        { timestamp: "bad", total_sol_value: 1 },
      ],
      error: null,
    });
    expect(points).toEqual([
      { time: 1_793_491_200, value: 100 },
      { time: Date.parse("2026-11-02T00:00:00Z") / 1000, value: 110 },
    ]);
    expect(nftSeries(undefined)).toEqual([]);
  });

  it("filters a range back from the latest point", () => {
    const points = Array.from({ length: 100 }, (_, i) => ({ time: i * day, value: i }));
    expect(filterRange(points, "7D")).toHaveLength(8);
    expect(filterRange(points, "30D")[0]?.value).toBe(69);
    expect(filterRange(points, "90D")).toHaveLength(91);
    expect(filterRange(points, "All")).toHaveLength(100);
    expect(filterRange([], "7D")).toEqual([]);
  });

  it("labels columns", () => {
    expect(columnLabel("current_tvl_usd")).toBe("Current TVL (USD)");
    // One format per column (issue 32): two decimals, signed profits and percents with a real minus and "%".
    expect(columnValue("tvl_usd", 267108.2)).toBe("267,108.20");
    expect(columnValue("pnl_usd", -1624.9)).toBe("−1,624.90");
    expect(columnValue("pnl_usd", 2925.74)).toBe("+2,925.74");
    expect(columnValue("pnl_percent", 1.11)).toBe("+1.11%");
    expect(columnValue("pnl_percent", -0.62)).toBe("−0.62%");
    expect(columnValue("pnl_percent", 0)).toBe("0.00%");
    expect(columnValue("pnl_usd", -0.001)).toBe("0.00");
    expect(columnValue("tvl_usd", "n/a")).toBe("—");
    expect(columnValue("tvl_usd", null)).toBe("—");
    expect(columnLabel("totalSolValue")).toBe("Total SOL value");
    expect(columnLabel("pnl_usd")).toBe("PnL (USD)");
  });
});
