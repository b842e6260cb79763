import { describe, expect, it } from "vitest";
import {
  NO_VOTING_POWER,
  proposalDisplay,
  validateProposal,
  votedText,
  voterStanding,
  votesForPercent,
  votingWindow,
} from "./governance.helpers";

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

describe("proposal status on screen", () => {
  it.each([
    ["active", "active", "Active"],
    ["succeeded", "succeeded", "Passed — awaiting execution"],
    ["executed", "executed", "Passed"],
    ["defeated", "rejected", "Rejected"],
  ] as const)("the contract's %s shows as a %s badge reading %j", (state, badge, label) => {
    expect(proposalDisplay(state)).toEqual({ badge, label });
  });

  it("never shows a proposal that won as rejected", () => {
    expect(proposalDisplay("succeeded").badge).not.toBe("rejected");
  });
});

describe("where the account stands on a proposal", () => {
  const open = { active: true, hasVoted: false, votingPower: 1_250 };
  it.each([
    ["without a wallet", open, false, null, { kind: "none" }],
    ["with weight, before voting", open, true, null, { kind: "can-vote", weight: 1_250 }],
    ["with no weight", { ...open, votingPower: 0 }, true, null, { kind: "no-power" }],
    [
      "after voting, choice unknown",
      { ...open, hasVoted: true },
      true,
      null,
      { kind: "voted", choice: null, weight: 1_250 },
    ],
    ["after voting for", { ...open, hasVoted: true }, true, "for", { kind: "voted", choice: "for", weight: 1_250 }],
    [
      "right after its own vote (not read back yet)",
      open,
      true,
      "against",
      { kind: "voted", choice: "against", weight: 1_250 },
    ],
    ["on a closed proposal it did not vote on", { ...open, active: false }, true, null, { kind: "none" }],
    ["on a closed proposal with no weight", { ...open, active: false, votingPower: 0 }, true, null, { kind: "none" }],
    [
      "on a closed proposal it voted on",
      { ...open, active: false, hasVoted: true },
      true,
      "against",
      { kind: "voted", choice: "against", weight: 1_250 },
    ],
  ] as const)("%s", (_, proposal, connected, choice, expected) => {
    expect(voterStanding(proposal, connected, choice)).toEqual(expected);
  });

  it("says how it voted, and why it cannot", () => {
    expect(votedText("for")).toBe("You voted For");
    expect(votedText("against")).toBe("You voted Against");
    expect(NO_VOTING_POWER).toBe("You had no invested principal when this proposal was created.");
  });
});
