import {
  type Deployment,
  decodeFundChange,
  describeFundChange,
  describeFundError,
  fundGovernorAbi,
  fundLimits,
  governorAddress,
  investmentFundAbi,
  type ProposalAction,
  type ProposalState,
  type ProposalView,
  type VoteChoice,
} from "@fundament/sdk";
import { encodeFunctionData, parseUnits } from "viem";
import { formatDateTime, formatNumber, shortenAddress } from "../../shared/lib/format";

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

/** The tallies of a proposal, in whole tokens. */
export type Tallies = Pick<
  ProposalView["votingInfo"],
  "votesForCount" | "votesAgainstCount" | "votesAbstainCount" | "quorumCount" | "quorumReached"
>;

/** Each side's share of all votes cast, in percent (all 0 when none): the widths of the votes bar. */
export function voteShares({ votesForCount, votesAgainstCount, votesAbstainCount }: Tallies): {
  for: number;
  against: number;
  abstain: number;
} {
  const total = votesForCount + votesAgainstCount + votesAbstainCount;
  if (total === 0) return { for: 0, against: 0, abstain: 0 };
  return {
    for: (votesForCount / total) * 100,
    against: (votesAgainstCount / total) * 100,
    abstain: (votesAbstainCount / total) * 100,
  };
}

/** The votes bar for screen readers: "6,000 votes for, 1,000 votes against, 3,000 abstaining". */
export function talliesLabel({ votesForCount, votesAgainstCount, votesAbstainCount }: Tallies): string {
  return `${formatNumber(votesForCount)} votes for, ${formatNumber(votesAgainstCount)} votes against, ${formatNumber(votesAbstainCount)} abstaining`;
}

/**
 * The quorum in words, as Tally says it: how many For and Abstain votes count towards it of how many it takes, and
 * whether that is reached ("Quorum 1,234 of 11,949.73 mUSDC needed", "Quorum 12,000 of 11,949.73 mUSDC reached").
 * Abstentions count towards the quorum only.
 */
export function quorumText(
  { votesForCount, votesAbstainCount, quorumCount, quorumReached }: Tallies,
  symbol = "",
): string {
  const unit = symbol ? ` ${symbol}` : "";
  return `Quorum ${formatNumber(votesForCount + votesAbstainCount)} of ${formatNumber(quorumCount)}${unit} ${quorumReached ? "reached" : "needed"}`;
}

/** How far For and Abstain votes are towards the quorum, in percent (0 to 100; 100 once reached, or with no quorum). */
export function quorumProgress({ votesForCount, votesAbstainCount, quorumCount, quorumReached }: Tallies): number {
  if (quorumReached || quorumCount <= 0) return 100;
  return Math.min(100, ((votesForCount + votesAbstainCount) / quorumCount) * 100);
}

/** A proposal's description as a title (its first line, a Markdown heading's `#` dropped) and a body (the rest). */
export function proposalText(description: string): { title: string; body: string } {
  const lines = description.replace(/\r\n?/g, "\n").split("\n");
  const first = lines.findIndex((line) => line.trim() !== "");
  if (first < 0) return { title: "", body: "" };
  const title = (lines[first] ?? "").trim().replace(/^#+\s+/, "");
  return {
    title,
    body: lines
      .slice(first + 1)
      .join("\n")
      .trim(),
  };
}

/** A body longer than this many characters or lines is folded behind "Show more". */
export const BODY_FOLD_CHARS = 400;
export const BODY_FOLD_LINES = 6;

/**
 * A proposal's body as shown folded: its first lines and characters (cut at a space), "…" where it was cut; `long`
 * when there is more to show.
 */
export function foldBody(body: string): { text: string; long: boolean } {
  const lines = body.split("\n");
  let text = lines.slice(0, BODY_FOLD_LINES).join("\n");
  if (text.length > BODY_FOLD_CHARS) {
    const cut = text.lastIndexOf(" ", BODY_FOLD_CHARS);
    text = text.slice(0, cut > BODY_FOLD_CHARS / 2 ? cut : BODY_FOLD_CHARS);
  }
  if (text.length >= body.length) return { text: body, long: false };
  return { text: `${text.trimEnd()}…`, long: true };
}

/**
 * What the review before a vote says: "You are voting For proposal #5 with 1,234 mUSDC of voting weight. Votes
 * cannot be changed." (abstaining: "You are abstaining on proposal #5 with …").
 */
export function reviewText(choice: VoteChoice, proposalId: bigint, weight: string): string {
  const what = choice === "abstain" ? "abstaining on" : `voting ${choiceLabel(choice)}`;
  return `You are ${what} proposal #${proposalId} with ${weight} of voting weight. Votes cannot be changed.`;
}

/** What a proposal's badge says: the contract's state, in the spec's words where the spec has them. */
export type ProposalDisplay = {
  badge: "active" | "executed" | "succeeded" | "rejected" | "upcoming" | "settled";
  label: string;
};

/**
 * The badge of a proposal, from the contract's `proposalState` rather than the spec's status: the spec calls a
 * proposal that won but is not executed yet "rejected"; it has passed, and waits for anyone to execute it (a signal)
 * or to queue its actions in the timelock (a proposal with actions). A signal that was executed keeps the spec's
 * "Passed"; a proposal whose actions ran reads "Executed" (they changed the fund). Queued: from when its actions can
 * be executed (chain clock, UTC). Cancelled: its queued actions were cancelled in the timelock.
 */
export function proposalDisplay(proposal: Pick<ProposalView, "state" | "kind" | "executableAt">): ProposalDisplay {
  const state: ProposalState = proposal.state;
  switch (state) {
    case "active":
      return { badge: "active", label: "Active" };
    case "succeeded":
      return proposal.kind === "actions"
        ? { badge: "succeeded", label: "Passed — ready to queue" }
        : { badge: "succeeded", label: "Passed — awaiting execution" };
    case "queued":
      return { badge: "upcoming", label: `Queued — executable from ${formatDateTime(proposal.executableAt * 1000)}` };
    case "executed":
      return proposal.kind === "actions"
        ? { badge: "executed", label: "Executed" }
        : { badge: "executed", label: "Passed" };
    case "defeated":
      return { badge: "rejected", label: "Rejected" };
    case "canceled":
      return { badge: "settled", label: "Cancelled" };
  }
}

/** Whether a queued proposal's actions may be executed at `nowSeconds` (chain clock). */
export function isExecutable(proposal: Pick<ProposalView, "state" | "executableAt">, nowSeconds: number): boolean {
  return proposal.state === "queued" && proposal.executableAt > 0 && nowSeconds >= proposal.executableAt;
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
 * session, or the `Voted` / `VoteCast` event). Without an account, or on a closed proposal it did not vote on:
 * nothing to say.
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

/** "You voted For" / "You voted Against" / "You abstained". */
export function votedText(choice: VoteChoice): string {
  if (choice === "abstain") return "You abstained";
  return choice === "for" ? "You voted For" : "You voted Against";
}

/** A vote's side as a word: "For", "Against", "Abstain". */
export function choiceLabel(choice: VoteChoice): string {
  return choice === "for" ? "For" : choice === "against" ? "Against" : "Abstain";
}

/** The on-chain action a new proposal may carry: none (a signal), or one of the fund's governed settings. */
export type ActionKind = "none" | "lockup" | "minimum" | "quorum";

/** The create-proposal form's action fields, as typed. */
export type ActionInput = {
  kind: ActionKind;
  /** The vault's id as the select holds it ("" before one is chosen). */
  vaultId: string;
  /** The new lockup period, in days ("45", "0.5"). */
  days: string;
  /** The new minimum investment, in whole tokens ("250", "1,000.5"). */
  amount: string;
  /** The new quorum, in percent of what investors hold ("20", "12.5"). */
  percent: string;
};

export const NO_ACTION: ActionInput = { kind: "none", vaultId: "", days: "", amount: "", percent: "" };

/** The field a problem is in: the vault select, or the value typed (days, amount, percent). */
export type ActionField = "vault" | "value";

export type BuiltAction = { action: ProposalAction | null } | { error: string; field: ActionField };

/** A lockup typed in days to whole seconds, or why it cannot be one (1 hour to 365 days, as the fund takes). */
function lockupSeconds(days: string): { seconds: bigint } | { error: string } {
  const clean = days.replaceAll(",", "").trim();
  if (!/^(\d+\.?\d*|\.\d+)$/.test(clean) || Number(clean) <= 0)
    return { error: "Enter the new lockup period in days, e.g. 45." };
  const seconds = Math.round(Number(clean) * 86_400);
  if (seconds < fundLimits.MIN_LOCKUP_PERIOD || seconds > fundLimits.MAX_LOCKUP_PERIOD)
    return { error: describeFundError("InvalidLockupPeriodDuration", [BigInt(seconds)]) };
  return { seconds: BigInt(seconds) };
}

/** A minimum typed in whole tokens to token units, or why it cannot be one. */
function minimumUnits(amount: string, decimals: number, symbol: string): { units: bigint } | { error: string } {
  const clean = amount.replaceAll(",", "").trim();
  const enter = `Enter a minimum investment above 0 ${symbol}, e.g. 100.`;
  if (!/^(\d+\.?\d*|\.\d+)$/.test(clean)) return { error: enter };
  if ((clean.split(".")[1] ?? "").length > decimals) return { error: `Use at most ${decimals} decimal places.` };
  const units = parseUnits(clean, decimals);
  return units > 0n ? { units } : { error: enter };
}

/** A quorum typed in percent to basis points (0 to 100 %, at most 2 decimals), or why it cannot be one. */
function quorumBasisPoints(percent: string): { bps: bigint } | { error: string } {
  const clean = percent.replace("%", "").trim();
  if (!/^(\d+\.?\d*|\.\d+)$/.test(clean)) return { error: "Enter the quorum in percent, from 0 to 100, e.g. 20." };
  if ((clean.split(".")[1] ?? "").length > 2) return { error: "Enter the quorum with at most 2 decimal places." };
  const bps = Math.round(Number(clean) * 100);
  if (bps > Number(fundLimits.BASIS_POINTS)) return { error: describeFundError("InvalidQuorum", [BigInt(bps)]) };
  return { bps: BigInt(bps) };
}

/**
 * The call a new proposal carries, encoded against the fund's (lockup, minimum) or the governor's (quorum) ABI, or
 * the first problem with the fields in words (checked before any wallet prompt). `{ action: null }`: a signal.
 */
export function buildProposalAction(
  input: ActionInput,
  {
    deployment,
    decimals,
    symbol,
  }: { deployment: Pick<Deployment, "investmentFund" | "fundGovernor">; decimals: number; symbol: string },
): BuiltAction {
  if (input.kind === "none") return { action: null };
  if (input.kind === "quorum") {
    const quorum = quorumBasisPoints(input.percent);
    if ("error" in quorum) return { error: quorum.error, field: "value" };
    return {
      action: {
        target: governorAddress(deployment),
        value: 0n,
        calldata: encodeFunctionData({ abi: fundGovernorAbi, functionName: "setQuorum", args: [quorum.bps] }),
      },
    };
  }
  if (!/^\d+$/.test(input.vaultId)) return { error: "Choose the vault to change.", field: "vault" };
  const vaultId = BigInt(input.vaultId);
  const fund = (data: `0x${string}`): BuiltAction => ({
    action: { target: deployment.investmentFund, value: 0n, calldata: data },
  });
  if (input.kind === "lockup") {
    const lockup = lockupSeconds(input.days);
    if ("error" in lockup) return { error: lockup.error, field: "value" };
    return fund(
      encodeFunctionData({
        abi: investmentFundAbi,
        functionName: "setLockupPeriodDuration",
        args: [vaultId, lockup.seconds],
      }),
    );
  }
  const minimum = minimumUnits(input.amount, decimals, symbol);
  if ("error" in minimum) return { error: minimum.error, field: "value" };
  return fund(
    encodeFunctionData({
      abi: investmentFundAbi,
      functionName: "setMinimumInvestment",
      args: [vaultId, minimum.units],
    }),
  );
}

/** "the lockup becomes 45 days" → "The lockup becomes 45 days". */
export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One action of a proposal in plain words, as a sentence: "Crypto futures trading vault: the lockup becomes 45 days",
 * "The quorum of later proposals becomes 20 % of what investors hold", "An unknown call to 0x1234…abcd". The vault is
 * named by its name where it is known (else "Vault 3").
 */
export function describeProposalAction(
  action: ProposalAction,
  {
    deployment,
    decimals,
    symbol,
    vaults = [],
  }: {
    deployment: Pick<Deployment, "investmentFund" | "fundGovernor" | "fundTimelock">;
    decimals: number;
    symbol: string;
    vaults?: readonly { vaultId: number; name: string }[];
  },
): string {
  const call = decodeFundChange(
    { target: action.target, data: action.calldata },
    {
      investmentFund: deployment.investmentFund,
      fundTimelock: deployment.fundTimelock,
      fundGovernor: governorAddress(deployment),
    },
  );
  if (!call) return `An unknown call to ${shortenAddress(action.target)}`;
  const { summary, vaultId } = describeFundChange(call, { decimals, symbol });
  if (vaultId === null) return sentence(summary);
  const vault = vaults.find((v) => BigInt(v.vaultId) === vaultId);
  return `${vault?.name ?? `Vault ${vaultId}`}: ${summary}`;
}
