import { describe, expect, it } from "vitest";
import { formatPercent } from "./formatPercent.js";
import { formatUsd } from "./formatUsd.js";
import { formatDate, secondsToDate } from "./secondsToDate.js";
import { shortenAddress } from "./shortenAddress.js";

describe("formatting (spec section 9)", () => {
  it.each([
    [0, "$0.00"],
    [1234.5, "$1,234.50"],
    [-12.345, "-$12.35"],
    [Number.NaN, "$0.00"],
  ])("formatUsd(%s) → %s", (value, text) => {
    expect(formatUsd(value)).toBe(text);
  });

  it.each([
    [4.5, undefined, "4.500%"],
    [12.34567, undefined, "12.346%"],
    [12.34567, 1, "12.3%"],
    [1234.5, 0, "1,235%"],
  ])("formatPercent(%s, %s) → %s", (value, digits, text) => {
    expect(formatPercent(value, digits)).toBe(text);
  });

  it("shortens addresses to 4 + 4 characters by default", () => {
    const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    expect(shortenAddress(address)).toBe("0x70…79C8");
    expect(shortenAddress(address, 12)).toBe("0x7099…dc79C8");
    expect(shortenAddress("0x1234")).toBe("0x1234");
  });

  it("turns second timestamps into dates", () => {
    expect(secondsToDate(1_700_000_000).toISOString()).toBe("2023-11-14T22:13:20.000Z");
    expect(secondsToDate(1_700_000_000n).getTime()).toBe(1_700_000_000_000);
    expect(formatDate(1_700_000_000)).toBe("Nov 14, 2023");
    expect(formatDate(0)).toBe("");
  });
});
