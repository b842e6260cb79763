import {
  formatChangeTime,
  fundErrorTexts,
  InvalidTokenAmountError,
  type InvestPath,
  type InvestStep,
  parseTokenAmount,
} from "@fundament/sdk";
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
  /** A locked round's unlock date ("Dec 21, 2026"), for the button's "Round locked until …". */
  unlockDate?: string;
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

/**
 * The typed amount ("1,250.50", ".5", "5.") in token units, parsed once with the SDK's one grammar
 * (`parseTokenAmount`): the widget passes these units to the SDK, which never parses text again. null when it is not a
 * positive number with at most `decimals` fraction digits (the SDK's typed error says which; the widget's own texts
 * say it here).
 */
export function parseAmount(text: string, decimals: number): bigint | null {
  try {
    return parseTokenAmount(text, decimals);
  } catch (error) {
    if (error instanceof InvalidTokenAmountError) return null;
    throw error;
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

/** What the person fixes first: the kind of blocker, which also says what the invest button does about it. */
export type InvestBlockerKind =
  | "wallet"
  | "network"
  | "whitelist"
  | "stopped"
  | "payout"
  | "noAmount"
  | "amount"
  | "minimum"
  | "cap"
  | "balance";

/** Why the investment cannot go ahead: the invest button's label (short) and the detailed text below the field. */
export type InvestBlocker = { kind: InvestBlockerKind; label: string; detail: string };

/** The invest button's labels while something blocks the investment. */
export const BLOCKER_LABELS = {
  connect: "Connect wallet",
  switchNetwork: "Switch network",
  whitelist: "Whitelisted investors only",
  emergency: "Emergency: deposits closed",
  windingDown: "Vault winding down",
  paused: "Vault paused",
  closed: "Deposits closed",
  payout: "Withdraw your payout first",
  enterAmount: "Enter an amount",
  invalidAmount: "Enter a valid amount",
  aboveRoom: "Above the room in this round",
} as const;

export const roundLockedLabel = (unlockDate: string | undefined) =>
  unlockDate ? `Round locked until ${unlockDate}` : "Round locked";
export const belowMinimumLabel = (minimum: string) => `Below minimum (${minimum})`;
export const insufficientBalanceLabel = (symbol: string) =>
  symbol ? `Insufficient ${symbol} balance` : "Insufficient balance";

const blocker = (kind: InvestBlockerKind, label: string, detail: string): InvestBlocker => ({ kind, label, detail });

/** The wallet: none connected, or on another chain. */
function walletBlocker(input: InvestCheckInput): InvestBlocker | null {
  if (!input.isConnected) return blocker("wallet", BLOCKER_LABELS.connect, NOT_CONNECTED);
  if (input.wrongNetwork) return blocker("network", BLOCKER_LABELS.switchNetwork, switchNetworkFirst(input.chainName));
  return null;
}

/** The account is not on the fund's whitelist (undefined while unknown: no blocker yet). */
function whitelistBlocker(input: InvestCheckInput): InvestBlocker | null {
  if (input.isWhitelisted !== false) return null;
  const detail = input.isAdmin ? NOT_WHITELISTED_ADMIN : fundErrorTexts.NotWhitelisted();
  return blocker("whitelist", BLOCKER_LABELS.whitelist, detail);
}

/** The vault's stops: the fund's emergency, then a wind-down (final), then a pause, then a locked or closed pool. */
function stopBlocker(input: InvestCheckInput): InvestBlocker | null {
  if (input.emergencyState) return blocker("stopped", BLOCKER_LABELS.emergency, fundErrorTexts.EmergencyActive());
  if (input.windingDown) return blocker("stopped", BLOCKER_LABELS.windingDown, fundErrorTexts.VaultWindingDown());
  if (input.paused) return blocker("stopped", BLOCKER_LABELS.paused, fundErrorTexts.VaultPaused());
  if (input.poolStatus === "locked")
    return blocker("stopped", roundLockedLabel(input.unlockDate), fundErrorTexts.PoolLocked());
  if (!input.acceptsDeposits) return blocker("stopped", BLOCKER_LABELS.closed, POOL_NOT_OPEN);
  return null;
}

/** A settled payout of this vault waiting to be withdrawn (the contract's `UnwithdrawnPosition`). */
function payoutBlocker(input: InvestCheckInput): InvestBlocker | null {
  if (!input.unwithdrawn) return null;
  const { amount, round } = input.unwithdrawn;
  return blocker("payout", BLOCKER_LABELS.payout, unwithdrawnMessage(amount, round, input.decimals, input.symbol));
}

/** The amount: missing, not a number, below the vault's minimum, above what its caps let in, above the balance. */
function amountBlocker(input: InvestCheckInput): InvestBlocker | null {
  const { decimals, symbol } = input;
  if (input.amount.trim() === "") return blocker("noAmount", BLOCKER_LABELS.enterAmount, ENTER_AMOUNT);
  const units = parseAmount(input.amount, decimals);
  if (units === null) return blocker("amount", BLOCKER_LABELS.invalidAmount, INVALID_AMOUNT);
  if (units < input.minimum) {
    return blocker(
      "minimum",
      belowMinimumLabel(formatTokenAmount(input.minimum, decimals, symbol)),
      fundErrorTexts.BelowMinimumInvestment([units, input.minimum], { decimals, symbol }),
    );
  }
  if (input.capRefusal) return blocker("cap", BLOCKER_LABELS.aboveRoom, input.capRefusal);
  if (input.balance !== undefined && units > input.balance)
    return blocker("balance", insufficientBalanceLabel(symbol), fundErrorTexts.ERC20InsufficientBalance());
  return null;
}

/**
 * The first reason the investment cannot go ahead, checked before any wallet prompt, in the order a person fixes
 * them: wallet, network, whitelist (which no wait cures), the vault's stops (the fund's emergency, then a wind-down,
 * then a pause, then the pool), an unwithdrawn payout, amount, minimum, the vault's caps, balance. null when it can.
 * Its label is the invest button's; its detail the text below the amount field.
 */
export function investBlocker(input: InvestCheckInput): InvestBlocker | null {
  return (
    walletBlocker(input) ??
    whitelistBlocker(input) ??
    stopBlocker(input) ??
    payoutBlocker(input) ??
    amountBlocker(input)
  );
}

/** The detailed text of the first reason the investment cannot go ahead (`investBlocker`), or null when it can. */
export function validateInvest(input: InvestCheckInput): string | null {
  return investBlocker(input)?.detail ?? null;
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
 * (1 Sign the permit, 2 Invest) or a batch (1 Approve + invest, in one confirmation; a smart account's always).
 * `approvalNeeded` is what the allowance says (before the flow) or said when the flow started: without it the approval
 * is shown as not needed from the start, as the button says "Invest"; `failedAt` the step that failed.
 */
export function investSteps(
  phase: InvestPhase,
  approvalNeeded: boolean,
  failedAt: FailedStep = null,
  path: InvestPath = "twoStep",
): InvestStepView[] {
  // A smart account always approves and invests in one user operation; a batch does when an approval is needed.
  if (path === "smartAccount" || (approvalNeeded && path === "batch")) {
    const state: StepState =
      failedAt !== null ? "failed" : phase === "success" ? "done" : phase === "batching" ? "active" : "upcoming";
    return [{ key: "batch", number: 1, label: "Approve + invest, in one confirmation", state }];
  }
  const approve: StepState = (() => {
    if (!approvalNeeded) return "skipped";
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

/**
 * Why a vault takes no deposits now, and when it will: shown instead of the form. `fundWide`: the reason is the fund's
 * emergency, which the layout's banner already says on every page (the widget then says only when).
 */
export type DepositsClosed = { reason: string; when: string; fundWide?: true };

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
  const emergency: DepositsClosed = {
    reason: fundErrorTexts.EmergencyActive(),
    when: "Deposits reopen when the fund's admin ends the emergency state.",
    fundWide: true,
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

/**
 * The invest button's label when nothing blocks the investment: it names the path the wallet will take. "Invest" when
 * the allowance already covers the amount (one transaction), else the approval's way: a permit's signature, one
 * batched confirmation, or the two steps; a smart account always approves and invests in one user operation.
 */
export function investActionLabel(path: InvestPath, approvalNeeded: boolean): string {
  if (path === "smartAccount") return "Invest through your smart account";
  if (!approvalNeeded) return "Invest";
  switch (path) {
    case "batch":
      return "Approve and invest in one confirmation";
    case "permit":
      return "Sign the permit and invest";
    case "twoStep":
      return "Approve and invest";
  }
}

/** The primary button's label for the current phase (the path's, `investActionLabel`, when nothing runs). */
export function investButtonLabel(phase: InvestPhase, approvalNeeded: boolean, path: InvestPath = "twoStep"): string {
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
      return investActionLabel(path, approvalNeeded);
  }
}

/**
 * What the widget says once the investment is mined. The SDK's result message (the spec's "Investment transaction
 * submitted successfully!") arrives with the receipt: "submitted" is the state before mining, so the widget says
 * confirmed.
 */
export const INVEST_CONFIRMED = "Investment confirmed.";
