import { parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import {
  formatCoinAmount,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatSignedPercent,
  formatSignedTokenAmount,
  formatTokenAmount,
  formatTokenFigure,
  formatUsd,
  percentOf,
  shortenAddress,
  tokenDecimal,
  tokenTitle,
} from "./format";

const units = (text: string) => parseUnits(text, 6);

describe("the app's one formatting module", () => {
  it("shortens every address and hash to 0x + 4 … 4", () => {
    expect(shortenAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")).toBe("0x7099…79C8");
    expect(shortenAddress(`0x${"ab".repeat(32)}`)).toBe("0xabab…abab");
    expect(shortenAddress("0x1234")).toBe("0x1234");
  });

  it.each([
    ["16572.640001", "16,572.64 mUSDC"],
    ["299.999999", "300 mUSDC"],
    ["1250.5", "1,250.5 mUSDC"],
    ["2.005", "2.01 mUSDC"],
    ["2.004999", "2 mUSDC"],
    ["0.004", "<0.01 mUSDC"],
    ["0", "0 mUSDC"],
    ["-300.5", "−300.5 mUSDC"],
    ["-0.000001", "−<0.01 mUSDC"],
  ])("token amounts show at most 2 decimals: %s → %s", (amount, text) => {
    expect(formatTokenAmount(units(amount), 6, "mUSDC")).toBe(text);
  });

  it("keeps the full precision for titles, inputs and files", () => {
    expect(tokenTitle(units("16572.640001"), 6, "mUSDC")).toBe("16,572.640001 mUSDC");
    expect(tokenTitle(units("-0.000001"), 6, "mUSDC")).toBe("−0.000001 mUSDC");
    expect(tokenTitle(units("1000"), 6, "mUSDC")).toBe("1,000 mUSDC");
    expect(tokenDecimal(units("-300.5"), 6)).toBe("-300.5");
    expect(tokenDecimal(units("299.999999"), 6)).toBe("299.999999");
  });

  it("signs gains and losses, figures without a symbol", () => {
    expect(formatSignedTokenAmount(units("1250.5"), 6, "mUSDC")).toBe("+1,250.5 mUSDC");
    expect(formatSignedTokenAmount(units("-300"), 6, "mUSDC")).toBe("−300 mUSDC");
    expect(formatSignedTokenAmount(0n, 6, "mUSDC")).toBe("0 mUSDC");
    expect(formatTokenFigure(units("16572.640001"), 6)).toBe("16,572.64");
    expect(formatTokenFigure(5n, 0)).toBe("5");
  });

  it("writes US dollars with 2 decimals", () => {
    expect(formatUsd(1234.5)).toBe("$1,234.50");
    expect(formatUsd(-12.345)).toBe("-$12.35");
    expect(formatUsd(Number.NaN)).toBe("$0.00");
  });

  it("writes percentages with at most 2 decimals", () => {
    expect(formatPercent(12.34567)).toBe("12.35%");
    expect(formatPercent(4.5)).toBe("4.5%");
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe("0%");
    expect(formatSignedPercent(3.456)).toBe("+3.46%");
    expect(formatSignedPercent(-0.5)).toBe("−0.5%");
    expect(formatSignedPercent(0.001)).toBe("0%");
    expect(percentOf(1n, 3n)).toBe("33.33%");
    expect(percentOf(1n, 0n)).toBe("0%");
  });

  it("writes numbers and coin amounts with at most 2 decimals, dust as <0.01", () => {
    expect(formatNumber(1234.567)).toBe("1,234.57");
    expect(formatNumber(1234.567, 0)).toBe("1,235");
    expect(formatCoinAmount(1250.123456, "USDT")).toBe("1,250.12 USDT");
    expect(formatCoinAmount(0.0005, "BTC")).toBe("<0.01 BTC");
    expect(formatCoinAmount(-0.0005)).toBe("−<0.01");
  });

  it("writes one date format and one date-time format, in UTC", () => {
    expect(formatDate(1_700_000_000)).toBe("Nov 14, 2023");
    expect(formatDate(0)).toBe("");
    expect(formatDateTime(Date.UTC(2026, 10, 23, 7, 30))).toBe("Nov 23, 2026, 07:30 UTC");
    expect(formatDateRange(Date.UTC(2026, 8, 24) / 1000, Date.UTC(2026, 9, 24) / 1000)).toBe("Sep 24 – Oct 24, 2026");
    expect(formatDateRange(Date.UTC(2026, 11, 24) / 1000, Date.UTC(2027, 0, 24) / 1000)).toBe(
      "Dec 24, 2026 – Jan 24, 2027",
    );
  });
});
