import { describe, expect, it } from "vitest";
import { validateProposal, votesForPercent, votingWindow } from "./governance.helpers";

describe("create-proposal form", () => {
  it.each([
    ["", "7", "days", "Enter a proposal description."],
    ["Cap leverage", "", "days", "Enter a voting period."],
    ["Cap leverage", "0.5", "hours", "The voting period must be between 1 hour and 90 days."],
    ["Cap leverage", "91", "days", "The voting period must be between 1 hour and 90 days."],
    ["x".repeat(2001), "7", "days", "The proposal description is too long (2,000 bytes at most)."],
    ["Cap leverage", "1", "hours", null],
    ["Cap leverage", "90", "days", null],
  ] as const)("%j for %s %s → %s", (description, period, unit, message) => {
    expect(validateProposal(description, period, unit)).toBe(message);
  });

  it("sends a window whose length is the voting period", () => {
    const { start, end } = votingWindow("7", "days", 1_000_000);
    expect((end.getTime() - start.getTime()) / 1000).toBe(7 * 86_400);
  });

  it("splits the votes", () => {
    expect(votesForPercent(0, 0)).toBe(0);
    expect(votesForPercent(3, 1)).toBe(75);
  });
});
