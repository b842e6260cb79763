import { describe, expect, it } from "vitest";
import {
  addressError,
  bpsToPercent,
  INVALID_ADDRESS,
  lockupBlocker,
  parseAllocationPercent,
  parseLockupDays,
  parseTokenAmount,
  secondsToDays,
  settlementOutcome,
} from "./admin.helpers";

describe("admin form checks", () => {
  it("validates addresses before any wallet prompt", () => {
    expect(addressError("")).toBe("Enter a wallet address.");
    expect(addressError("0x1234")).toBe(INVALID_ADDRESS);
    expect(addressError(" 0x70997970c51812dc3a010c7d01b50e0d17dc79c8 ")).toBeNull();
  });

  it("takes allocations as percentages and gives the contract basis points, checking the total before any prompt", () => {
    expect(parseAllocationPercent("60")).toEqual({ bps: 6_000 });
    expect(parseAllocationPercent("12.5 %")).toEqual({ bps: 1_250 });
    expect(parseAllocationPercent("0.01")).toEqual({ bps: 1 });
    expect(parseAllocationPercent("100", 0)).toEqual({ bps: 10_000 });
    expect(parseAllocationPercent("0")).toEqual({ error: "Enter an allocation from 0.01% to 100%." });
    expect(parseAllocationPercent("6000")).toEqual({ error: "Enter an allocation from 0.01% to 100%." });
    expect(parseAllocationPercent("60.555")).toEqual({
      error: "Enter the allocation as a percent, e.g. 60 or 12.5 (at most 2 decimals).",
    });
    expect(parseAllocationPercent("50", 6_000)).toEqual({
      error: "With the other wallets' 60% that makes 110%; the allocations can add up to 100% at most.",
    });
  });

  it("parses the total returned", () => {
    expect(parseTokenAmount("125,000.5", 6)).toBe(125_000_500_000n);
    expect(parseTokenAmount("abc", 6)).toBeNull();
    expect(parseTokenAmount("1.1234567", 6)).toBeNull();
    expect(bpsToPercent(6000)).toBe("60%");
  });
});

describe("settling a round", () => {
  it("tells a profit, break-even and a loss (in tokens and per cent) apart", () => {
    expect(settlementOutcome(20_000n, 21_000n)).toEqual({ kind: "profit", amount: 1_000n });
    expect(settlementOutcome(20_000n, 20_000n)).toEqual({ kind: "even", amount: 0n });
    expect(settlementOutcome(20_000n, 17_500n)).toEqual({ kind: "loss", amount: 2_500n, percent: "12.5%" });
    expect(settlementOutcome(3n, 2n)).toEqual({ kind: "loss", amount: 1n, percent: "33.33%" });
    expect(settlementOutcome(20_000n, 0n)).toEqual({ kind: "loss", amount: 20_000n, percent: "100%" });
  });
});

describe("per-vault settings", () => {
  it("parses a lockup duration in days into seconds, 1 hour to 365 days", () => {
    expect(parseLockupDays("30")).toEqual({ seconds: 2_592_000n });
    expect(parseLockupDays("0.5")).toEqual({ seconds: 43_200n });
    expect(parseLockupDays("0.01")).toEqual({
      error: "The lockup duration must be between 1 hour (0.05 days) and 365 days.",
    });
    expect(parseLockupDays("366")).toHaveProperty("error");
    expect(parseLockupDays("abc")).toEqual({ error: "Enter the lockup duration in days, e.g. 30." });
    expect(secondsToDays(2_592_000n)).toBe("30 days");
  });

  it("says why a round cannot be locked before any prompt", () => {
    const ready = { totalFunds: 1n, allocationBps: 10_000, emergencyState: false };
    expect(lockupBlocker(ready)).toBeNull();
    expect(lockupBlocker({ ...ready, totalFunds: 0n })).toBe(
      "The round has no deposits yet: there is nothing to lock.",
    );
    expect(lockupBlocker({ ...ready, allocationBps: 6_000 })).toBe(
      "The vault's trading wallets' allocations add up to 60%; they must add up to 100% before a lockup.",
    );
    expect(lockupBlocker({ ...ready, emergencyState: true })).toMatch(/emergency state/);
  });
});
