import type { VaultRound } from "@fundament/sdk";
import { describe, expect, it } from "vitest";
import {
  roundDates,
  roundHasReport,
  roundPrincipal,
  roundProfit,
  roundReturned,
  roundReturnedParts,
  roundStatusLabel,
} from "./rounds.helpers";

const token = { decimals: 6 };
const NOV_1_2026 = Date.UTC(2026, 10, 1) / 1000;
const DEC_1_2026 = Date.UTC(2026, 11, 1) / 1000;

const PROPOSAL = {
  totalReturned: 21_000_000_000n,
  reportHash: `0x${"ab".repeat(32)}` as const,
  finalAt: DEC_1_2026 + 86_400,
  atLoss: false,
  needsCosign: false,
  cosigned: false,
};

const round = (change: Partial<VaultRound>): VaultRound => ({
  poolId: 3n,
  vaultId: 1,
  round: 2,
  status: "settled",
  lockupStartTime: NOV_1_2026,
  lockupEndTime: DEC_1_2026,
  principal: 20_000_000_000n,
  returned: 21_000_000_000n,
  investorsTotal: 20_800_000_000n,
  profit: 800_000_000n,
  grossProfit: 1_000_000_000n,
  fundFee: 200_000_000n,
  managementFee: 0n,
  performanceFee: 200_000_000n,
  highWaterMark: 10n ** 18n,
  rolledOver: 0n,
  startSharePrice: 10n ** 18n,
  settleSharePrice: 104n * 10n ** 16n,
  proposal: null,
  ...change,
});

describe("a vault's rounds in words", () => {
  it("shows when a round ran, or that it takes deposits", () => {
    expect(roundDates(round({}))).toBe("Nov 1 – Dec 1, 2026");
    expect(roundDates(round({ lockupEndTime: Date.UTC(2027, 0, 1) / 1000 }))).toBe("Nov 1, 2026 – Jan 1, 2027");
    expect(roundDates(round({ status: "open", lockupStartTime: 0, lockupEndTime: 0 }))).toBe("Taking deposits");
  });

  it("shows what came back: final once settled, so far while locked, nothing while open", () => {
    expect(roundReturned(round({}), token)).toBe("21,000.00");
    expect(roundReturned(round({ status: "locked", returned: 5_000_000_000n }), token)).toBe("5,000.00 so far");
    expect(roundReturned(round({ status: "locked", returned: 0n }), token)).toBe("—");
    expect(roundReturned(round({ status: "open" }), token)).toBe("—");
  });

  it("shows the investors' net profit or loss, signed, with its percent of the principal", () => {
    expect(roundProfit(round({}), token)).toBe("+800.00 (+4%)");
    expect(roundProfit(round({ profit: -2_500_000_000n }), token)).toBe("−2,500.00 (−12.5%)");
    expect(roundProfit(round({ profit: 0n }), token)).toBe("0.00 (0%)");
    expect(roundProfit(round({ status: "locked" }), token)).toBe("—");
  });

  it("shows amounts compactly, at most two decimals, the token in the header", () => {
    expect(roundPrincipal(round({ principal: 16_572_640_001n }), token)).toBe("16,572.64");
    // One format per column (issue 32): always two decimals.
    expect(roundPrincipal(round({ principal: 15_970_400_000n }), token)).toBe("15,970.40");
    expect(roundPrincipal(round({ principal: 27_624_000_000n }), token)).toBe("27,624.00");
  });

  it("labels the status, and a locked round whose settlement waits its window", () => {
    expect(
      ["open", "locked", "settled"].map((s) => roundStatusLabel({ status: s as VaultRound["status"], proposal: null })),
    ).toEqual(["Open", "Locked", "Settled"]);
    expect(roundStatusLabel(round({ status: "locked", proposal: PROPOSAL }))).toBe("Settlement proposed");
  });

  it("shows a waiting proposal's total and links its report, as a settled round's", () => {
    const proposed = round({ status: "locked", returned: 21_000_000_000n, proposal: PROPOSAL });
    expect(roundReturned(proposed, token)).toBe("21,000.00 proposed");
    // The table sets the note under the figure.
    expect(roundReturnedParts(proposed, token)).toEqual({ figure: "21,000.00", note: "proposed" });
    expect(roundReturnedParts(round({}), token)).toEqual({ figure: "21,000.00", note: null });
    expect(roundHasReport(proposed)).toBe(true);
    expect(roundHasReport(round({}))).toBe(true);
    expect(roundHasReport(round({ status: "locked" }))).toBe(false);
  });
});
