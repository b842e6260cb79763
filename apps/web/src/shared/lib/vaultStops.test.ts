import { describe, expect, it } from "vitest";
import { vaultStopBanner, vaultStopLabel } from "./vaultStops";

const open = { paused: false, windingDown: false, status: "open", round: 3, unlockDate: "" } as const;
const locked = { ...open, status: "locked", unlockDate: "Dec 21, 2026" } as const;

describe("vaultStopLabel", () => {
  it("names the stop; a wind-down (final) wins over a pause", () => {
    expect(vaultStopLabel(open)).toBeNull();
    expect(vaultStopLabel({ ...open, paused: true })).toBe("Paused");
    expect(vaultStopLabel({ ...open, windingDown: true })).toBe("Winding down");
    expect(vaultStopLabel({ ...open, paused: true, windingDown: true })).toBe("Winding down");
  });
});

describe("vaultStopBanner", () => {
  it("says nothing while the vault takes deposits", () => {
    expect(vaultStopBanner(open)).toBeNull();
    expect(vaultStopBanner(locked)).toBeNull();
  });

  it("a paused vault: deposits and new rounds stop, withdrawals do not", () => {
    expect(vaultStopBanner({ ...locked, paused: true })).toEqual({
      kind: "paused",
      text: "Deposits and new rounds of this vault are paused. Refunds of the open round and settled payouts stay open.",
      when: null,
    });
  });

  it("a wind-down with its round open: every position can leave now", () => {
    expect(vaultStopBanner({ ...open, windingDown: true })).toEqual({
      kind: "windingDown",
      text: "This vault is winding down: it takes no new deposits and starts no new round.",
      when: "Every position can be withdrawn now.",
    });
  });

  it("a wind-down with its round locked: after its unlock date the round settles, then every position can leave", () => {
    expect(vaultStopBanner({ ...locked, windingDown: true, paused: true })?.when).toBe(
      "Round 3 settles after Dec 21, 2026; then every position can be withdrawn.",
    );
    expect(vaultStopBanner({ ...locked, windingDown: true, unlockDate: "" })?.when).toBe(
      "Round 3 settles at the end of its lockup; then every position can be withdrawn.",
    );
  });
});
