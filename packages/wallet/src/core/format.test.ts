import { parseEther, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { formatAmount, formatDateTime, formatNumeric, formatNumericExact, shortenAddress } from "./format.js";

describe("format (the app's rules: 0x1234…abcd, at most 2 decimals, one date-time)", () => {
  it("shortens addresses and hashes to 0x + 4 … 4", () => {
    expect(shortenAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")).toBe("0xf39F…2266");
    expect(shortenAddress(`0x${"ab".repeat(32)}`)).toBe("0xabab…abab");
    expect(shortenAddress("0x1234")).toBe("0x1234");
  });
  it.each([
    [parseEther("10000"), 18, "ETH", "10,000 ETH"],
    [parseEther("1.23456789"), 18, "ETH", "1.23 ETH"],
    [parseEther("1.235"), 18, "ETH", "1.24 ETH"],
    [parseUnits("299.999999", 6), 6, "mUSDC", "300 mUSDC"],
    [parseUnits("16572.640001", 6), 6, "mUSDC", "16,572.64 mUSDC"],
    [parseUnits("0.5", 6), 6, "mUSDC", "0.5 mUSDC"],
    [1n, 18, "ETH", "<0.01 ETH"],
    [0n, 18, undefined, "0"],
    [parseUnits("-2.505", 6), 6, "mUSDC", "−2.51 mUSDC"],
  ])("formatAmount(%s, %i, %s) = %s", (value, decimals, symbol, expected) => {
    expect(formatAmount(value, decimals, symbol)).toBe(expected);
  });
  it("formats decimal strings, full precision on request", () => {
    expect(formatNumeric("1234567.000100")).toBe("1,234,567");
    expect(formatNumeric("2.5")).toBe("2.5");
    expect(formatNumeric("0.004")).toBe("<0.01");
    expect(formatNumeric("-12.345")).toBe("−12.35");
    expect(formatNumeric("1234.5678", 4)).toBe("1,234.5678");
    expect(formatNumericExact("1234567.000100")).toBe("1,234,567.0001");
    expect(formatNumericExact("0.000001")).toBe("0.000001");
  });
  it("writes one date-time format, in UTC", () => {
    expect(formatDateTime(Date.UTC(2026, 10, 23, 7, 30))).toBe("Nov 23, 2026, 07:30 UTC");
    expect(formatDateTime(Date.UTC(2026, 10, 23, 0, 5))).toBe("Nov 23, 2026, 00:05 UTC");
    expect(formatDateTime(Number.NaN)).toBe("");
  });
});
