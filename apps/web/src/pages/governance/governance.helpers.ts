import type { ProposalState, ProposalView, VoteChoice } from "@fundament/sdk";

export type PeriodUnit = "hours" | "days";

/** The contract accepts voting periods from 1 hour to 90 days. */
export const MIN_VOTING_SECONDS = 3_600;
export const MAX_VOTING_SECONDS = 90 * 86_400;

/** Checks the create-proposal form; null when it can be sent. */
export function validateProposal(description: string, period: string, unit: PeriodUnit): string | null {
  if (!description.trim()) return "Enter a proposal description.";
  if (new TextEncoder().encode(description.trim()).length > 2_000)
    return "The proposal description is too long (2,000 bytes at most).";
  const amount = Number(period);
  if (!period.trim() || !Number.isFinite(amount) || amount <= 0) return "Enter a voting period.";
  const seconds = amount * (unit === "days" ? 86_400 : 3_600);
  if (seconds < MIN_VOTING_SECONDS || seconds > MAX_VOTING_SECONDS)
    return "The voting period must be between 1 hour and 90 days.";
  return null;
}

/** The start and end the sdk takes (it sends end minus start in whole seconds). */
export function votingWindow(period: string, unit: PeriodUnit, now = Date.now()): { start: Date; end: Date } {
  const ms = Number(period) * (unit === "days" ? 86_400_000 : 3_600_000);
  return { start: new Date(now), end: new Date(now + ms) };
}

/** Share of the votes for, in percent of all votes cast (0 when none). */
export function votesForPercent(votesFor: number, votesAgainst: number): number {
  const total = votesFor + votesAgainst;
  return total === 0 ? 0 : (votesFor / total) * 100;
}

/** What a proposal's badge says: the contract's state, in the spec's words where the spec has them. */
export type ProposalDisplay = { badge: "active" | "executed" | "succeeded" | "rejected"; label: string };

/**
 * The badge of a proposal, from the contract's `proposalState` rather than the spec's status: the spec calls a
 * proposal that won but is not executed yet "rejected"; it has passed, and waits for anyone to execute it. The
 * words stay the spec's (Active, Passed, Rejected); an executed proposal's badge is green, a waiting one's is not.
 */
export function proposalDisplay(state: ProposalState): ProposalDisplay {
  switch (state) {
    case "active":
      return { badge: "active", label: "Active" };
    case "succeeded":
      return { badge: "succeeded", label: "Passed — awaiting execution" };
    case "executed":
      return { badge: "executed", label: "Passed" };
    case "defeated":
      return { badge: "rejected", label: "Rejected" };
  }
}

/** Why an account with no weight on an open proposal gets no vote buttons. */
export const NO_VOTING_POWER = "You had no invested principal when this proposal was created.";

/** The account's part in one proposal: voted (and how, once known), can vote with a weight, or cannot. */
export type VoterStanding =
  | { kind: "none" }
  | { kind: "voted"; choice: VoteChoice | null; weight: number }
  | { kind: "can-vote"; weight: number }
  | { kind: "no-power" };

/**
 * Where a connected account stands on a proposal. `choice` is how it voted when known (its own vote in this
 * session, or the `Voted` event). Without an account, or on a closed proposal it did not vote on: nothing to say.
 */
export function voterStanding(
  proposal: Pick<ProposalView, "active" | "hasVoted" | "votingPower">,
  connected: boolean,
  choice: VoteChoice | null,
): VoterStanding {
  if (!connected) return { kind: "none" };
  if (proposal.hasVoted || choice) return { kind: "voted", choice, weight: proposal.votingPower };
  if (!proposal.active) return { kind: "none" };
  return proposal.votingPower > 0 ? { kind: "can-vote", weight: proposal.votingPower } : { kind: "no-power" };
}

/** "You voted For" / "You voted Against". */
export function votedText(choice: VoteChoice): string {
  return choice === "for" ? "You voted For" : "You voted Against";
}
