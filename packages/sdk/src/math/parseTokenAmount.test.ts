import { describe, expect, it } from "vitest";
import {
  InvalidTokenAmountError,
  parseTokenAmount,
  TokenAmountFormatError,
  TokenAmountNotPositiveError,
  TokenAmountPrecisionError,
} from "./parseTokenAmount.js";

describe("parseTokenAmount: the one amount grammar", () => {
  it.each([
    ["1000", 1_000_000_000n],
    ["1,250.5", 1_250_500_000n],
    [" 0.000001 ", 1n],
    // As people write them: a leading point is a fraction, a trailing point ends a whole number.
    [".5", 500_000n],
    ["5.", 5_000_000n],
    [" .25 ", 250_000n],
    ["1,000.", 1_000_000_000n],
  ])("%j → %s", (text, units) => {
    expect(parseTokenAmount(text, 6)).toBe(units);
  });

  it.each([
    ["", TokenAmountFormatError, "Enter an amount, like 1000 or 1000.50."],
    [".", TokenAmountFormatError, "Enter an amount, like 1000 or 1000.50."],
    ["-5", TokenAmountFormatError, "Enter an amount, like 1000 or 1000.50."],
    ["1e3", TokenAmountFormatError, "Enter an amount, like 1000 or 1000.50."],
    ["1.2.3", TokenAmountFormatError, "Enter an amount, like 1000 or 1000.50."],
    ["abc", TokenAmountFormatError, "Enter an amount, like 1000 or 1000.50."],
    ["0", TokenAmountNotPositiveError, "Enter an amount above zero."],
    [".0", TokenAmountNotPositiveError, "Enter an amount above zero."],
    ["0.0000001", TokenAmountPrecisionError, "Use at most 6 decimal places."],
    [".0000001", TokenAmountPrecisionError, "Use at most 6 decimal places."],
  ] as const)("refuses %j with a typed error", (text, type, message) => {
    let error: unknown;
    try {
      parseTokenAmount(text, 6);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(InvalidTokenAmountError);
    expect((error as InvalidTokenAmountError).shortMessage).toBe(message);
  });

  it("reads the token's decimals: 18 and 0", () => {
    expect(parseTokenAmount(".5", 18)).toBe(500_000_000_000_000_000n);
    expect(parseTokenAmount("5.", 0)).toBe(5n);
    expect(() => parseTokenAmount(".5", 0)).toThrow(TokenAmountPrecisionError);
  });
});
