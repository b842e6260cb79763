import { describe, expect, it } from "vitest";
import { addressError, allocationError, bpsToPercent, INVALID_ADDRESS, parseTokenAmount } from "./admin.helpers";

describe("admin form checks", () => {
  it("validates addresses before any wallet prompt", () => {
    expect(addressError("")).toBe("Enter a wallet address.");
    expect(addressError("0x1234")).toBe(INVALID_ADDRESS);
    expect(addressError(" 0x70997970c51812dc3a010c7d01b50e0d17dc79c8 ")).toBeNull();
  });

  it("validates allocations in basis points", () => {
    expect(allocationError("6000")).toBeNull();
    expect(allocationError("10,000")).toBeNull();
    expect(allocationError("0")).toBe("Enter an allocation between 1 and 10,000 basis points.");
    expect(allocationError("60.5")).toBe("Enter the allocation as a whole number of basis points (1-10,000).");
  });

  it("parses the total returned", () => {
    expect(parseTokenAmount("125,000.5", 6)).toBe(125_000_500_000n);
    expect(parseTokenAmount("abc", 6)).toBeNull();
    expect(parseTokenAmount("1.1234567", 6)).toBeNull();
    expect(bpsToPercent(6000)).toBe("60%");
  });
});
