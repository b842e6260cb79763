import { describe, expect, it } from "vitest";
import { overlapArea, toastEdge, toastLifetime } from "./toasts.helpers";

const stack = { left: 840, right: 1260, height: 120 };
const base = { stack, viewportHeight: 860, topInset: 64, margin: 16 };

describe("toastEdge", () => {
  it("keeps the stack at the bottom when no form is in use or the form is clear of it", () => {
    expect(toastEdge({ ...base, active: null })).toBe("bottom");
    // The invest widget at the top right of the vault page.
    expect(toastEdge({ ...base, active: { top: 100, bottom: 600, left: 860, right: 1240 } })).toBe("bottom");
    // A form on the left half, down the page.
    expect(toastEdge({ ...base, active: { top: 500, bottom: 860, left: 40, right: 600 } })).toBe("bottom");
  });

  it("moves the stack below the header when the form in use is under its bottom place", () => {
    expect(toastEdge({ ...base, active: { top: 520, bottom: 840, left: 860, right: 1240 } })).toBe("top");
  });

  it("stays at the bottom when the form covers both places and the bottom less", () => {
    expect(toastEdge({ ...base, active: { top: 60, bottom: 760, left: 0, right: 1280 } })).toBe("bottom");
  });
});

describe("overlapArea and toastLifetime", () => {
  it("measures the shared area, and gives errors twice as long", () => {
    expect(overlapArea({ top: 0, bottom: 10, left: 0, right: 10 }, { top: 5, bottom: 20, left: 5, right: 20 })).toBe(
      25,
    );
    expect(overlapArea({ top: 0, bottom: 10, left: 0, right: 10 }, { top: 10, bottom: 20, left: 0, right: 10 })).toBe(
      0,
    );
    expect(toastLifetime("error")).toBe(2 * toastLifetime("success"));
  });
});
