import { formatChangeTime, fundErrorTexts, type InvestPath, type InvestStep } from "@fundament/sdk";
import { parseUnits } from "viem";
import { formatTokenAmount, tokenDecimal } from "../../shared/lib/format";
import { NOT_CONNECTED, switchNetworkFirst } from "../../shared/lib/messages";

export { formatTokenAmount, NOT_CONNECTED };

/** What the widget knows before any wallet prompt. */
export type InvestCheckInput = {
  /** The amount as typed. */
  amount: string;
  isConnected: boolean;
  wrongNetwork: boolean;
  chainName: string;
  /** Whether `invest` would put money into this vault's pool now. */
  acceptsDeposits: boolean;
  /** The vault's current round: open or locked (a settled round is never current; "settled" is kept for safety). */
  poolStatus: "open" | "locked" | "settled" | "upcoming";
  emergencyState: boolean;
  /** Deposits and new rounds of this vault paused (an admin or the guardian), until an admin resumes them. */
  paused: boolean;
  /** This vault is winding down, for good: it never takes a deposit again. */
  windingDown: boolean;
  /** undefined while unknown (still loading). */
  isWhitelisted: boolean | undefined;
  /** The wallet holds the admin role: a missing whitelist entry is one it can add itself. */
  isAdmin?: boolean;
  decimals: number;
  symbol: string;
  /** The vault's own minimum investment, in token units. */
  minimum: bigint;
  balance: bigint | undefined;
  /**
   * A settled payout of this vault the investor has not withdrawn yet (the contract refuses a new investment in the
   * vault with `UnwithdrawnPosition` until it is withdrawn); null when there is none or it is unknown.
   */
  unwithdrawn?: { amount: bigint; round: number } | null;
  /** The vault's cap refusing this amount (the fund's own answer, `getDepositStatus`); null when none does. */
  capRefusal?: string | null;
};

export const ENTER_AMOUNT = "Enter an amount to invest.";
export const INVALID_AMOUNT = "Enter a valid amount, e.g. 250 or 1,250.50.";
export const POOL_NOT_OPEN = "This vault's pool is not open for deposits now.";
/** When a paused vault takes deposits again. */
export const PAUSED_WHEN = "Deposits reopen when an admin resumes the vault.";
/** When a vault winding down takes deposits again: never. */
export const WINDING_DOWN_WHEN = "This vault will not take deposits again.";
/** An admin's wallet that is not whitelisted (the SDK's NotWhitelisted message sends everyone else to the admin). */
export const NOT_WHITELISTED_ADMIN =
  "This wallet is not whitelisted to invest. As an admin, you can whitelist it yourself on the Admin page.";

/** Parses a typed amount ("1,250.50") to token units; null when it is not a positive number with at most `decimals` fraction digits. */
export function parseAmount(text: string, decimals: number): bigint | null {
  const clean = text.replaceAll(",", "").trim();
  if (!/^\d*\.?\d*$/.test(clean) || clean === "" || clean === ".") return null;
  const [, fraction = ""] = clean.split(".");
  if (fraction.length > decimals) return null;
  try {
    const units = parseUnits(clean, decimals);
    return units > 0n ? units : null;
  } catch {
    return null;
  }
}

/** Token units as a plain amount for the input ("1250.5"). */
export function unitsToInput(units: bigint, decimals: number): string {
  return tokenDecimal(units, decimals);
}

/** Why a settled payout waiting in the vault blocks a new investment there (the contract's `UnwithdrawnPosition`). */
export function unwithdrawnMessage(amount: bigint, round: number, decimals: number, symbol: string): string {
  return `Withdraw your payout of ${formatTokenAmount(amount, decimals, symbol)} from round ${round} first: a settled payout waiting in this vault must be withdrawn before you invest in it again.`;
}

/**
 * The first reason the investment cannot go ahead, checked before any wallet prompt, in the order a person
 * fixes them: wallet, network, the vault's stops (the fund's emergency, then a wind-down, then a pause), pool,
 * whitelist, an unwithdrawn payout, amount, minimum, the vault's caps, balance. null when it can.
 */
export function validateInvest(input: InvestCheckInput): string | null {
  if (!input.isConnected) return NOT_CONNECTED;
  if (input.wrongNetwork) return switchNetworkFirst(input.chainName);
  if (input.emergencyState) return fundErrorTexts.EmergencyActive();
  if (input.windingDown) return fundErrorTexts.VaultWindingDown();
  if (input.paused) return fundErrorTexts.VaultPaused();
  if (input.poolStatus === "locked") return fundErrorTexts.PoolLocked();
  if (!input.acceptsDeposits) return POOL_NOT_OPEN;
  if (input.isWhitelisted === false) return input.isAdmin ? NOT_WHITELISTED_ADMIN : fundErrorTexts.NotWhitelisted();
  if (input.unwithdrawn)
    return unwithdrawnMessage(input.unwithdrawn.amount, input.unwithdrawn.round, input.decimals, input.symbol);
  if (input.amount.trim() === "") return ENTER_AMOUNT;
  const units = parseAmount(input.amount, input.decimals);
  if (units === null) return INVALID_AMOUNT;
  if (units < input.minimum) {
    return fundErrorTexts.BelowMinimumInvestment([units, input.minimum], {
      decimals: input.decimals,
      symbol: input.symbol,
    });
  }
  if (input.capRefusal) return input.capRefusal;
  if (input.balance !== undefined && units > input.balance) return fundErrorTexts.ERC20InsufficientBalance();
  return null;
}

/** Whether the investment needs the approval step first. */
export function needsApproval(allowance: bigint | undefined, amount: bigint | null): boolean {
  if (amount === null) return true;
  return allowance === undefined || allowance < amount;
}

/**
 * Where the flow is: the two steps' phases, `signing` (the permit's signature) and `batching` (one confirmation for
 * approve + invest, then both calls being mined).
 */
export type InvestPhase = "idle" | InvestStep | "signing" | "batching" | "success" | "error";

export type StepState = "upcoming" | "active" | "done" | "skipped" | "failed";

export type InvestStepView = {
  key: "approve" | "invest" | "batch";
  number: 1 | 2;
  label: string;
  state: StepState;
};

/** The step that failed. */
export type FailedStep = "approve" | "invest" | "batch" | null;

/**
 * The visible steps of the path and their state for the current phase: two steps (1 Approve, 2 Invest), a permit
 * (1 Sign the permit, 2 Invest) or a batch (1 Approve + invest, in one confirmation). `approvalNeeded` is what the
 * allowance said when the flow started (without it every path is the investment alone); `failedAt` the step that
 * failed.
 */
export function investSteps(
  phase: InvestPhase,
  approvalNeeded: boolean,
  failedAt: FailedStep = null,
  path: InvestPath = "twoStep",
): InvestStepView[] {
  if (approvalNeeded && (path === "batch" || path === "smartAccount")) {
    const state: StepState =
      failedAt !== null ? "failed" : phase === "success" ? "done" : phase === "batching" ? "active" : "upcoming";
    return [{ key: "batch", number: 1, label: "Approve + invest, in one confirmation", state }];
  }
  const approve: StepState = (() => {
    if (!approvalNeeded) return phase === "idle" ? "upcoming" : "skipped";
    if (failedAt === "approve") return "failed";
    if (phase === "approving" || phase === "signing") return "active";
    if (phase === "investing" || phase === "success" || (phase === "error" && failedAt === "invest")) return "done";
    return "upcoming";
  })();
  const invest: StepState = (() => {
    if (failedAt === "invest") return "failed";
    if (phase === "investing") return "active";
    if (phase === "success") return "done";
    return "upcoming";
  })();
  return [
    { key: "approve", number: 1, label: path === "permit" ? "Sign the permit" : "Approve", state: approve },
    { key: "invest", number: 2, label: "Invest", state: invest },
  ];
}

/**
 * Where the flow stands, as far as the status line needs it: the phase and which transactions (or batch) the wallet
 * has sent.
 */
export type InvestProgress = { phase: InvestPhase; approvalHash: unknown; hash: unknown; batchId?: unknown };

/**
 * The status line that follows the real state of the two steps: what the person must do now (confirm in the wallet)
 * or what the app is waiting for (a transaction to be mined). null when nothing is under way.
 */
export function investStatusText({ phase, approvalHash, hash, batchId }: InvestProgress): string | null {
  switch (phase) {
    case "checking":
      return "Checking the investment before your wallet asks…";
    case "signing":
      return "Sign the permit in your wallet (a signature: no transaction, no gas)";
    case "batching":
      return batchId
        ? "Waiting for both calls (approve and invest) to be mined…"
        : "Confirm approve + invest in your wallet: one confirmation";
    case "approving":
      return approvalHash ? "Waiting for the approval to be mined" : "Confirm the approval in your wallet";
    case "investing":
      return hash ? "Waiting for the investment to be mined" : "Confirm the investment in your wallet";
    default:
      return null;
  }
}

/** The text after "Step n: Label" for a step's state, following the real state of the active step. */
export function stepStateText(step: InvestStepView, progress: InvestProgress): string {
  switch (step.state) {
    case "upcoming":
      return "";
    case "done":
      return " — done";
    case "skipped":
      return " — not needed, allowance covers it";
    case "failed":
      return " — failed";
    case "active": {
      const text = investStatusText(progress);
      return text ? ` — ${text.charAt(0).toLowerCase()}${text.slice(1)}` : "";
    }
  }
}

/** Why a vault takes no deposits now, and when it will: shown instead of the form's primary button. */
export type DepositsClosed = { reason: string; when: string };

/**
 * Why the vault's current round takes no deposits and when deposits reopen, or null when it takes them. During an
 * emergency deposits are paused until the emergency state is ended; a vault winding down never takes them again; a
 * paused vault takes them once an admin resumes it. A locked round unlocks on its lockup's end date (on the chain's
 * clock); the next round opens once it is settled, which for a proposed settlement is its final time at the earliest.
 */
export function depositsClosed(vault: {
  status: "open" | "locked" | "settled" | "upcoming";
  acceptsDeposits: boolean;
  emergencyState: boolean;
  paused: boolean;
  windingDown: boolean;
  round: number;
  /** "Dec 21, 2026" once locked. */
  unlockDate: string;
  /** When the round's proposed settlement becomes final (seconds), while one waits its challenge window. */
  proposalFinalAt?: number | null;
}): DepositsClosed | null {
  const emergency = {
    reason: fundErrorTexts.EmergencyActive(),
    when: "Deposits reopen when the fund's admin ends the emergency state.",
  };
  if (vault.emergencyState) return emergency;
  if (vault.windingDown) return { reason: fundErrorTexts.VaultWindingDown(), when: WINDING_DOWN_WHEN };
  if (vault.paused) return { reason: fundErrorTexts.VaultPaused(), when: PAUSED_WHEN };
  // An open round of a vault neither paused nor winding down that takes no deposits is one the fund's emergency
  // state pauses (its read may not have arrived yet).
  if (vault.status === "open" && !vault.acceptsDeposits) return emergency;
  if (vault.status === "locked" && vault.proposalFinalAt) {
    return {
      reason: fundErrorTexts.PoolLocked(),
      when: `Round ${vault.round}'s settlement is proposed: deposits open in round ${vault.round + 1} once it is final, from ${formatChangeTime(vault.proposalFinalAt)}.`,
    };
  }
  if (vault.status === "locked") {
    const next = `Deposits open in round ${vault.round + 1} once round ${vault.round} is settled`;
    return {
      reason: fundErrorTexts.PoolLocked(),
      when: vault.unlockDate
        ? `Round ${vault.round} unlocks on ${vault.unlockDate}. ${next} after that date.`
        : `${next}.`,
    };
  }
  if (!vault.acceptsDeposits) return { reason: POOL_NOT_OPEN, when: "Deposits open with the vault's next round." };
  return null;
}

/** The primary button's label for the current phase. */
export function investButtonLabel(phase: InvestPhase, approvalNeeded: boolean): string {
  switch (phase) {
    case "checking":
      return "Checking…";
    case "approving":
      return "Approving…";
    case "signing":
      return "Signing…";
    case "investing":
    case "batching":
      return "Investing…";
    default:
      return approvalNeeded ? "Approve and invest" : "Invest";
  }
}
