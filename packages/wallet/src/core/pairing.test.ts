import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getPairingExpiry, isPairingExpired } from "./pairing.js";

describe("pairing lifetime", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_700_000_000_000 }));
  afterEach(() => vi.useRealTimers());

  it("expires 4 minutes after creation", () => {
    expect(getPairingExpiry() - Date.now()).toBe(240_000);
  });

  it.each([
    [0, false],
    [229_999, false],
    [230_000, true],
    [239_999, true],
    [240_000, true],
    [600_000, true],
  ])("after %i ms expired=%s", (elapsed, expected) => {
    const expiry = getPairingExpiry();
    vi.advanceTimersByTime(elapsed);
    expect(isPairingExpired(expiry)).toBe(expected);
  });

  it("a missing pairing counts as expired", () => {
    expect(isPairingExpired(undefined)).toBe(true);
  });
});
