import { fundGovernorAbi, investmentFundAbi } from "@fundament/sdk";
import { type Address, decodeFunctionData, encodeFunctionData } from "viem";
import { describe, expect, it } from "vitest";
import {
  type ActionInput,
  buildProposalAction,
  choiceLabel,
  describeProposalAction,
  foldBody,
  isExecutable,
  NO_ACTION,
  NO_VOTING_POWER,
  proposalDisplay,
  proposalText,
  quorumProgress,
  quorumText,
  reviewText,
  talliesLabel,
  validateProposal,
  votedText,
  voterStanding,
  voteShares,
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
});

describe("the votes and the quorum", () => {
  const tallies = { votesForCount: 6_000, votesAgainstCount: 1_000, votesAbstainCount: 3_000, quorumCount: 2_400 };

  it("splits the bar between for, against and abstain (nothing before the first vote)", () => {
    expect(voteShares({ ...tallies, quorumReached: true })).toEqual({ for: 60, against: 10, abstain: 30 });
    expect(
      voteShares({
        votesForCount: 0,
        votesAgainstCount: 0,
        votesAbstainCount: 0,
        quorumCount: 1,
        quorumReached: false,
      }),
    ).toEqual({ for: 0, against: 0, abstain: 0 });
  });

  it("labels the bar for screen readers with every side", () => {
    expect(talliesLabel({ ...tallies, quorumReached: true })).toBe(
      "6,000 votes for, 1,000 votes against, 3,000 abstaining",
    );
  });

  it("says the quorum in words, as Tally does: For and Abstain of what it takes, reached or needed", () => {
    expect(quorumText({ ...tallies, quorumReached: true }, "mUSDC")).toBe("Quorum 9,000 of 2,400 mUSDC reached");
    const short = {
      votesForCount: 500,
      votesAgainstCount: 9_000,
      votesAbstainCount: 734,
      quorumCount: 11_949.734,
      quorumReached: false,
    };
    expect(quorumText(short, "mUSDC")).toBe("Quorum 1,234 of 11,949.73 mUSDC needed");
    expect(quorumText(short)).toBe("Quorum 1,234 of 11,949.73 needed");
  });

  it("fills the quorum bar with For and Abstain, full once reached or with no quorum", () => {
    const base = { votesForCount: 300, votesAgainstCount: 5_000, votesAbstainCount: 300, quorumCount: 2_400 };
    expect(quorumProgress({ ...base, quorumReached: false })).toBe(25);
    expect(quorumProgress({ ...base, quorumReached: true })).toBe(100);
    expect(quorumProgress({ ...base, quorumCount: 0, quorumReached: true })).toBe(100);
  });
});

describe("the proposal's text", () => {
  it("takes the first line as the title (a Markdown heading's # dropped) and the rest, line breaks kept, as the body", () => {
    expect(proposalText("Raise the quorum.")).toEqual({ title: "Raise the quorum.", body: "" });
    expect(proposalText("\n# Raise the quorum\r\n\nWhy:\n- more say\n- less noise\n")).toEqual({
      title: "Raise the quorum",
      body: "Why:\n- more say\n- less noise",
    });
    expect(proposalText("  ")).toEqual({ title: "", body: "" });
  });

  it("folds a long body after its first lines or characters, at a space", () => {
    expect(foldBody("Short.\nTwo lines.")).toEqual({ text: "Short.\nTwo lines.", long: false });
    const lines = Array.from({ length: 9 }, (_, i) => `Line ${i + 1}`).join("\n");
    expect(foldBody(lines)).toEqual({ text: "Line 1\nLine 2\nLine 3\nLine 4\nLine 5\nLine 6…", long: true });
    const words = "word ".repeat(100).trim();
    const folded = foldBody(words);
    expect(folded.long).toBe(true);
    expect(folded.text.length).toBeLessThanOrEqual(401);
    expect(folded.text).toMatch(/ word…$/);
  });
});

describe("the review before a vote", () => {
  it("says which way, on which proposal, with what weight, and that votes cannot be changed", () => {
    expect(reviewText("for", 5n, "1,234 mUSDC")).toBe(
      "You are voting For proposal #5 with 1,234 mUSDC of voting weight. Votes cannot be changed.",
    );
    expect(reviewText("against", 12n, "10 mUSDC")).toBe(
      "You are voting Against proposal #12 with 10 mUSDC of voting weight. Votes cannot be changed.",
    );
    expect(reviewText("abstain", 5n, "1,234 mUSDC")).toBe(
      "You are abstaining on proposal #5 with 1,234 mUSDC of voting weight. Votes cannot be changed.",
    );
  });
});

describe("proposal status on screen", () => {
  const at = 1_800_000_000; // Jan 15, 2027, 08:00 UTC
  it.each([
    ["active", "signal", "active", "Active"],
    ["active", "actions", "active", "Active"],
    ["succeeded", "signal", "succeeded", "Passed — awaiting execution"],
    ["succeeded", "actions", "succeeded", "Passed — ready to queue"],
    ["queued", "actions", "upcoming", "Queued — executable from Jan 15, 2027, 08:00 UTC"],
    ["executed", "signal", "executed", "Passed"],
    ["executed", "actions", "executed", "Executed"],
    ["defeated", "signal", "rejected", "Rejected"],
    ["defeated", "actions", "rejected", "Rejected"],
    ["canceled", "actions", "settled", "Cancelled"],
  ] as const)("the contract's %s (%s) shows as a %s badge reading %j", (state, kind, badge, label) => {
    expect(proposalDisplay({ state, kind, executableAt: state === "queued" ? at : 0 })).toEqual({ badge, label });
  });

  it("never shows a proposal that won as rejected", () => {
    for (const kind of ["signal", "actions"] as const)
      expect(proposalDisplay({ state: "succeeded", kind, executableAt: 0 }).badge).not.toBe("rejected");
  });

  it("lets a queued proposal be executed from its time on the chain's clock, not a second before", () => {
    const queued = { state: "queued", executableAt: 1_000 } as const;
    expect(isExecutable(queued, 999)).toBe(false);
    expect(isExecutable(queued, 1_000)).toBe(true);
    expect(isExecutable({ ...queued, state: "succeeded" }, 5_000)).toBe(false);
    expect(isExecutable({ ...queued, state: "executed" }, 5_000)).toBe(false);
    expect(isExecutable({ ...queued, state: "canceled" }, 5_000)).toBe(false);
  });
});

describe("a proposal's on-chain action", () => {
  const deployment = {
    investmentFund: "0x1111111111111111111111111111111111111111" as Address,
    fundGovernor: "0x2222222222222222222222222222222222222222" as Address,
    fundTimelock: "0x3333333333333333333333333333333333333333" as Address,
  };
  const token = { decimals: 6, symbol: "mUSDC" };
  const vaults = [{ vaultId: 1, name: "Crypto futures trading vault" }];
  const build = (input: Partial<ActionInput>) =>
    buildProposalAction({ ...NO_ACTION, ...input }, { deployment, ...token });
  const words = (input: Partial<ActionInput>) => {
    const built = build(input);
    if (!("action" in built) || !built.action) throw new Error(`no action: ${JSON.stringify(built)}`);
    return describeProposalAction(built.action, { deployment, ...token, vaults });
  };

  it("is none for a signal", () => {
    expect(build({ kind: "none", days: "nonsense" })).toEqual({ action: null });
  });

  it("encodes a lockup change against the fund, in seconds", () => {
    const built = build({ kind: "lockup", vaultId: "1", days: "45" });
    expect(built).toEqual({
      action: {
        target: deployment.investmentFund,
        value: 0n,
        calldata: encodeFunctionData({
          abi: investmentFundAbi,
          functionName: "setLockupPeriodDuration",
          args: [1n, 45n * 86_400n],
        }),
      },
    });
  });

  it("encodes a minimum in token units and a quorum in basis points against the governor", () => {
    const minimum = build({ kind: "minimum", vaultId: "2", amount: "1,250.5" });
    if (!("action" in minimum) || !minimum.action) throw new Error("no minimum action");
    expect(decodeFunctionData({ abi: investmentFundAbi, data: minimum.action.calldata })).toMatchObject({
      functionName: "setMinimumInvestment",
      args: [2n, 1_250_500_000n],
    });
    const quorum = build({ kind: "quorum", percent: "12.5" });
    if (!("action" in quorum) || !quorum.action) throw new Error("no quorum action");
    expect(quorum.action.target).toBe(deployment.fundGovernor);
    expect(decodeFunctionData({ abi: fundGovernorAbi, data: quorum.action.calldata })).toMatchObject({
      functionName: "setQuorum",
      args: [1_250n],
    });
  });

  it.each([
    [{ kind: "lockup", days: "45" }, "vault", "Choose the vault to change."],
    [{ kind: "minimum", amount: "100" }, "vault", "Choose the vault to change."],
    [{ kind: "lockup", vaultId: "1", days: "" }, "value", "Enter the new lockup period in days, e.g. 45."],
    [{ kind: "lockup", vaultId: "1", days: "-3" }, "value", "Enter the new lockup period in days, e.g. 45."],
    [{ kind: "lockup", vaultId: "1", days: "0.01" }, "value", "The lockup period must be between 1 hour and 365 days."],
    [{ kind: "lockup", vaultId: "1", days: "366" }, "value", "The lockup period must be between 1 hour and 365 days."],
    [{ kind: "minimum", vaultId: "1", amount: "0" }, "value", "Enter a minimum investment above 0 mUSDC, e.g. 100."],
    [{ kind: "minimum", vaultId: "1", amount: "ten" }, "value", "Enter a minimum investment above 0 mUSDC, e.g. 100."],
    [{ kind: "minimum", vaultId: "1", amount: "1.0000001" }, "value", "Use at most 6 decimal places."],
    [{ kind: "quorum", percent: "" }, "value", "Enter the quorum in percent, from 0 to 100, e.g. 20."],
    [{ kind: "quorum", percent: "100.5" }, "value", "The quorum must be between 0 % and 100 %."],
    [{ kind: "quorum", percent: "12.345" }, "value", "Enter the quorum with at most 2 decimal places."],
  ] as const)("refuses %j in its %s field: %s", (input, field, error) => {
    expect(build(input)).toEqual({ error, field });
  });

  it("accepts the bounds: 1 hour to 365 days, a quorum of 0 to 100 %", () => {
    expect("action" in build({ kind: "lockup", vaultId: "1", days: String(1 / 24) })).toBe(true);
    expect("action" in build({ kind: "lockup", vaultId: "1", days: "365" })).toBe(true);
    expect("action" in build({ kind: "quorum", percent: "0" })).toBe(true);
    expect("action" in build({ kind: "quorum", percent: "100" })).toBe(true);
  });

  it("says each action in words, naming the vault", () => {
    expect(words({ kind: "lockup", vaultId: "1", days: "45" })).toBe(
      "Crypto futures trading vault: the lockup becomes 45 days",
    );
    expect(words({ kind: "minimum", vaultId: "7", amount: "250" })).toBe(
      "Vault 7: the minimum investment becomes 250 mUSDC",
    );
    expect(words({ kind: "quorum", percent: "20" })).toBe(
      "The quorum of later proposals becomes 20 % of what investors hold",
    );
  });

  it("shows a call it cannot read as an unknown call to its target", () => {
    const unknown = {
      target: "0x1234567890AbcdEF1234567890aBcdef12345678" as Address,
      value: 0n,
      calldata: "0xdeadbeef" as const,
    };
    expect(describeProposalAction(unknown, { deployment, ...token, vaults })).toBe("An unknown call to 0x1234…5678");
    // The fund's address with calldata that matches none of its functions: unknown too, never dropped.
    expect(describeProposalAction({ ...unknown, target: deployment.investmentFund }, { deployment, ...token })).toBe(
      "An unknown call to 0x1111…1111",
    );
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
    expect(votedText("abstain")).toBe("You abstained");
    expect(["for", "against", "abstain"].map((c) => choiceLabel(c as "for"))).toEqual(["For", "Against", "Abstain"]);
    expect(NO_VOTING_POWER).toBe("You had no invested principal when this proposal was created.");
  });
});
