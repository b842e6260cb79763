import { describe, expect, it } from "vitest";
import { historicalApyPercent, lockupDays, roundReturn, roundReturnPercent } from "./roundReturns.js";

const DAY = 86_400;

describe("roundReturnPercent", () => {
  it.each([
    // 1,000 locked, 1,080 back to the investors after fees: +8%
    [1_000_000_000n, 1_080_000_000n, 8],
    // 5,000 locked, 4,500 back: −10%
    [5_000_000_000n, 4_500_000_000n, -10],
    // nothing back: −100%
    [2_000_000_000n, 0n, -100],
    // as much as went in: 0
    [750n, 750n, 0],
  ])("%s → %s: %s%%", (principal, returned, percent) => {
    expect(roundReturnPercent(principal, returned)).toBe(percent);
  });
});

describe("lockupDays", () => {
  it("is the lockup's length in days, unrounded, and at least 1", () => {
    expect(lockupDays(1_000n, 1_000n + 7n * BigInt(DAY))).toBe(7);
    expect(lockupDays(0, 36 * 3_600)).toBe(1.5);
    expect(lockupDays(500, 500 + 3_600)).toBe(1);
    expect(lockupDays(0, 0)).toBe(1);
  });
});

describe("roundReturn", () => {
  it("is a settled round's net return and its length", () => {
    expect(
      roundReturn({
        round: 2,
        poolId: 5n,
        principal: 10_000n,
        returned: 9_000n,
        lockupStartTime: 1_700_000_000n,
        lockupEndTime: 1_700_000_000n + 30n * BigInt(DAY),
      }),
    ).toEqual({ round: 2, poolId: 5n, returnPercent: -10, days: 30 });
  });
});

describe("historicalApyPercent", () => {
  it("is null with no settled round", () => {
    expect(historicalApyPercent([])).toBeNull();
  });

  it("is the return itself for one round of a year", () => {
    expect(historicalApyPercent([{ returnPercent: 10, days: 365 }])).toBeCloseTo(10, 10);
  });

  it("compounds the rounds and annualises over their days", () => {
    // +20% over 30 days, then −25% over 43: growth 1.2 × 0.75 = 0.9 over 73 days; 0.9^(365 / 73) = 0.9^5 = 0.59049
    expect(
      historicalApyPercent([
        { returnPercent: 20, days: 30 },
        { returnPercent: -25, days: 43 },
      ]),
    ).toBeCloseTo(-40.951, 10);
    // +10% twice over half a year each: 1.1 × 1.1 = 1.21 over 365 days
    expect(
      historicalApyPercent([
        { returnPercent: 10, days: 182.5 },
        { returnPercent: 10, days: 182.5 },
      ]),
    ).toBeCloseTo(21, 10);
    // +8% over 7 days, −10% over 7: 0.972^(365 / 14) − 1 ≈ −52.308%
    expect(
      historicalApyPercent([
        { returnPercent: 8, days: 7 },
        { returnPercent: -10, days: 7 },
      ]),
    ).toBeCloseTo(-52.30839843706, 8);
  });

  it("counts a round shorter than a day as a day", () => {
    // +1% over "half a day" → over 1 day: 1.01^365 − 1
    expect(historicalApyPercent([{ returnPercent: 1, days: 0.5 }])).toBeCloseTo((1.01 ** 365 - 1) * 100, 8);
  });

  it("is −100 once everything was lost", () => {
    expect(historicalApyPercent([{ returnPercent: -100, days: 30 }])).toBe(-100);
    expect(
      historicalApyPercent([
        { returnPercent: 50, days: 30 },
        { returnPercent: -100, days: 30 },
      ]),
    ).toBe(-100);
  });
});
