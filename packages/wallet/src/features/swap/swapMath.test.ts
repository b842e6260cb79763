import { describe, expect, it } from "vitest";
import { SLIPPAGE_TOLERANCE } from "../../core/constants.js";
import {
  DEFAULT_SLIPPAGE,
  formatRate,
  formatTokenAmount,
  isHighPriceImpact,
  isValidSlippage,
  minimumReceived,
  parseAmount,
} from "./swapMath.js";

const eth = { symbol: "ETH", decimals: 18 };
const usdc = { symbol: "mUSDC", decimals: 6 };

describe("swap maths", () => {
  it("accepts the slippages the API accepts: 0.01 to 50 %, at most two decimals", () => {
    expect(DEFAULT_SLIPPAGE).toBe(String(SLIPPAGE_TOLERANCE));
    for (const good of ["0.01", "0.1", "0.5", "1", "1.25", "49.99", "50", " 2 "])
      expect(isValidSlippage(good)).toBe(true);
    for (const bad of ["", "0", "0.00", "0.001", "50.01", "51", "100", "050", "-1", "1e1", "abc", ".5", "1.", "0x1"]) {
      expect(isValidSlippage(bad), bad).toBe(false);
    }
  });

  it("computes the minimum received as toAmount × (1 − slippage), rounded down, like the API", () => {
    expect(minimumReceived(1000n, "0.5")).toBe(995n);
    // The API's own example (apps/api quoteMath.test.ts): 2,976.163823 mUSDC at 1 % → 2,946.402184.
    expect(minimumReceived(2_976_163_823n, "1")).toBe(2_946_402_184n);
    expect(minimumReceived(2_976_163_823n, "0.1")).toBe(2_973_187_659n);
    expect(minimumReceived(999n, "0.01")).toBe(998n); // 998.9001 rounds down
    expect(minimumReceived(10n ** 18n, "50")).toBe(5n * 10n ** 17n);
    // A larger slippage never raises the minimum.
    let last = minimumReceived(123_456_789n, "0.01");
    for (const s of ["0.1", "0.5", "1", "5", "50"]) {
      const next = minimumReceived(123_456_789n, s);
      expect(next).toBeLessThanOrEqual(last);
      last = next;
    }
  });

  it("formats the rate as to-token per one from-token", () => {
    // 0.5 ETH → 1,490.12 mUSDC
    expect(formatRate({ fromAmount: String(5n * 10n ** 17n), toAmount: "1490120000" }, eth, usdc)).toBe(
      "1 ETH = 2,980.24 mUSDC",
    );
    // 1,000 mUSDC → 0.332 ETH: a rate below 1 keeps six decimals
    expect(formatRate({ fromAmount: "1000000000", toAmount: String(332n * 10n ** 15n) }, usdc, eth)).toBe(
      "1 mUSDC = 0.000332 ETH",
    );
    expect(formatRate({ fromAmount: "0", toAmount: "1" }, eth, usdc)).toBe("");
  });

  it("formats base units for people and flags a price impact above 5 %", () => {
    expect(formatTokenAmount(1_490_120_000n, 6)).toBe("1,490.12");
    expect(formatTokenAmount("2946402184", 6, 6)).toBe("2,946.402184");
    expect(formatTokenAmount(1n, 18)).toBe("<0.01");
    expect(isHighPriceImpact("5")).toBe(false);
    expect(isHighPriceImpact("5.01")).toBe(true);
    expect(isHighPriceImpact("0.50")).toBe(false);
  });

  it("parses a typed amount into base units, refusing what is not a positive amount of the token", () => {
    expect(parseAmount("0.5", 18)).toBe(5n * 10n ** 17n);
    expect(parseAmount(" 1000 ", 6)).toBe(1_000_000_000n);
    expect(parseAmount(".5", 6)).toBe(500_000n);
    expect(parseAmount("1.", 6)).toBe(1_000_000n);
    expect(parseAmount("0.000001", 6)).toBe(1n);
    for (const bad of ["", ".", "0", "0.0", "-1", "1e3", "abc", "1,000", "0.0000001", "1.2.3"]) {
      expect(parseAmount(bad, 6), bad).toBeUndefined();
    }
  });
});
