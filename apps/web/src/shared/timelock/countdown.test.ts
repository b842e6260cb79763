import { describe, expect, it } from "vitest";
import { countdown } from "./usePendingChanges";

describe("countdown", () => {
  it("counts whole minutes up, then hours and days, never '60 min'", () => {
    expect(countdown(100, 100)).toBe("now");
    expect(countdown(100, 200)).toBe("now");
    expect(countdown(1, 0)).toBe("in 1 min");
    expect(countdown(299, 0)).toBe("in 5 min");
    expect(countdown(3_599, 0)).toBe("in 1 h");
    expect(countdown(3_661, 0)).toBe("in 1 h 2 min");
    expect(countdown(86_399, 0)).toBe("in 1 d 0 h");
    expect(countdown(2 * 86_400 + 3 * 3_600, 0)).toBe("in 2 d 3 h");
  });
});
