import { parseEther, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { formatAmount, formatNumeric, shortenAddress } from "./format.js";

describe("format", () => {
  it("shortens addresses", () => {
    expect(shortenAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")).toBe("0xf39F…2266");
    expect(shortenAddress("0x1234")).toBe("0x1234");
  });
  it.each([
    [parseEther("10000"), 18, "ETH", "10,000 ETH"],
    [parseEther("1.23456789"), 18, "ETH", "1.2345 ETH"],
    [parseUnits("0.5", 6), 6, "mUSDC", "0.5 mUSDC"],
    [1n, 18, "ETH", "<0.0001 ETH"],
    [0n, 18, undefined, "0"],
  ])("formatAmount(%s, %i, %s) = %s", (value, decimals, symbol, expected) => {
    expect(formatAmount(value, decimals, symbol)).toBe(expected);
  });
  it("formats decimal strings", () => {
    expect(formatNumeric("1234567.000100")).toBe("1,234,567.0001");
    expect(formatNumeric("2.5")).toBe("2.5");
  });
});
