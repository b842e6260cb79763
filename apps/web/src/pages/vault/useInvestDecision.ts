import type { InvestPath, LiveVault } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useFundSettings, useInvestmentToken, useInvestorView, usePositions } from "../../shared/hooks/useFundQueries";
import { useInvestorAccount } from "../../shared/hooks/useInvestorAccount";
import { useIsAdmin } from "../../shared/hooks/useIsAdmin";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { settledPayout } from "../../shared/lib/positions";
import {
  type DepositsClosed,
  depositsClosed,
  type InvestBlocker,
  type InvestBlockerKind,
  type InvestCheckInput,
  type InvestStepView,
  investActionLabel,
  investBlocker,
  investButtonLabel,
  investSteps,
  needsApproval,
  parseAmount,
} from "./invest.helpers";
import { investWalletQuery } from "./invest.queries";
import { type ChooseInvestPathInput, plannedInvestPath } from "./investPath.helpers";
import { type CapCheck, useDepositCheck } from "./useDepositCheck";
import { type InvestFlowState, useWalletSignsTypedData } from "./useInvestFlow";
import { useInvestPathInput } from "./useInvestPathInput";

/** What the invest button does: open the wallet's connect modal, switch the wallet's network, or invest. */
export type InvestButtonAction = "connect" | "switchNetwork" | "invest";

/** The invest box's one button: its label (the blocker, the phase, or the path) and its action (null: disabled). */
export type InvestButtonState = { label: string; action: InvestButtonAction | null; busy: boolean };

/** The blockers the button itself acts on; every other blocker leaves it disabled. */
const BLOCKER_ACTIONS: Partial<Record<InvestBlockerKind, InvestButtonAction>> = {
  wallet: "connect",
  network: "switchNetwork",
};

/**
 * The button for the flow's phase (busy: what runs), else the first blocker (its label, what the button does about
 * it), else the path the next click takes (`investActionLabel`).
 */
export function investButton(
  flow: { phase: InvestFlowState["phase"]; busy: boolean; approvalNeeded: boolean; path: InvestPath },
  blocker: InvestBlocker | null,
  next: { approvalNeeded: boolean; path: InvestPath },
): InvestButtonState {
  if (flow.busy)
    return { label: investButtonLabel(flow.phase, flow.approvalNeeded, flow.path), action: null, busy: true };
  if (blocker) return { label: blocker.label, action: BLOCKER_ACTIONS[blocker.kind] ?? null, busy: false };
  return { label: investActionLabel(next.path, next.approvalNeeded), action: "invest", busy: false };
}

/** The flow as the decision needs it. */
type FlowView = { state: InvestFlowState; busy: boolean };

export type InvestDecision = {
  decimals: number;
  symbol: string;
  /** The token's metadata is known (amounts can be shown). */
  tokenKnown: boolean;
  units: bigint | null;
  /** The investing account's token balance and allowance for the fund (undefined until read). */
  balance: bigint | undefined;
  allowance: bigint | undefined;
  caps: CapCheck;
  /** The first reason the investment cannot go ahead (the button's label), or null. */
  blocker: InvestBlocker | null;
  /** Why the vault takes no deposits now (the form is replaced by a notice), or null. */
  closed: DepositsClosed | null;
  /** What the next click does: whether it approves first, by which path, with what the path chooser knew. */
  next: { approvalNeeded: boolean; path: InvestPath; pathInput: ChooseInvestPathInput };
  /** The steps shown: the next click's before the flow, the flow's own while and after it runs. */
  steps: InvestStepView[];
  button: InvestButtonState;
  /** The investing account when the fund's whitelist refuses it (the box says so up front), else null. */
  notWhitelisted: { account: Address; isAdmin: boolean } | null;
};

/** The reads the decision needs: wallet, token, fund, investor, admin role, this vault's position, balance. */
function useInvestReads(vaultId: number) {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const token = useInvestmentToken();
  // The investing account's tokens and allowance: the smart account's when that is the account in use.
  const account = useInvestorAccount();
  const position = usePositions().data?.find((p) => p.vaultId === vaultId);
  return {
    wallet: useWalletStatus(),
    token: token.data,
    emergencyState: useFundSettings().data?.emergencyState ?? false,
    isWhitelisted: useInvestorView().data?.isWhitelisted,
    isAdmin: useIsAdmin().isAdmin,
    unwithdrawn: position ? settledPayout(position) : null,
    account,
    walletTokens: useQuery(investWalletQuery(client, deployment, token.data?.address, account)).data,
    pathInput: useInvestPathInput(useWalletSignsTypedData()),
  };
}

type InvestReads = ReturnType<typeof useInvestReads>;

/** The checks' input from the vault, the amount as typed, the reads and the caps' answer. */
function checkInputOf(vault: LiveVault, amount: string, reads: InvestReads, capRefusal: string | null) {
  const { wallet } = reads;
  return {
    amount,
    isConnected: wallet.isConnected,
    wrongNetwork: wallet.wrongNetwork,
    chainName: wallet.chainName,
    acceptsDeposits: vault.acceptsDeposits,
    poolStatus: vault.status,
    emergencyState: reads.emergencyState,
    paused: vault.paused,
    windingDown: vault.windingDown,
    isWhitelisted: reads.isWhitelisted,
    isAdmin: reads.isAdmin,
    decimals: reads.token?.decimals ?? 6,
    symbol: reads.token?.symbol ?? "",
    minimum: vault.minimumInvestment,
    balance: reads.walletTokens?.balance,
    unwithdrawn: reads.unwithdrawn,
    capRefusal,
    unlockDate: vault.unlockDate,
  } satisfies InvestCheckInput;
}

/** Why the vault takes no deposits now, from the vault and the fund's emergency. */
const closedOf = (vault: LiveVault, emergencyState: boolean) =>
  depositsClosed({
    status: vault.status,
    acceptsDeposits: vault.acceptsDeposits,
    emergencyState,
    paused: vault.paused,
    windingDown: vault.windingDown,
    round: vault.round,
    unlockDate: vault.unlockDate,
    proposalFinalAt: vault.proposedSettlement?.finalAt ?? null,
  });

/**
 * Everything the invest box decides before and during an investment, in one place: the first blocker (wallet,
 * network, whitelist, the vault's stops, an unwithdrawn payout, amount, minimum, caps, balance), the path the next
 * click takes (from the fresh allowance and the wallet's abilities), the steps shown and the one button's label and
 * action, and whether the whitelist refuses the investing account (said up front).
 */
export function useInvestDecision(vault: LiveVault, amount: string, flow: FlowView): InvestDecision {
  const reads = useInvestReads(vault.vaultId);
  const decimals = reads.token?.decimals ?? 6;
  const symbol = reads.token?.symbol ?? "";
  const units = parseAmount(amount, decimals);
  const caps = useDepositCheck(vault, reads.account, units, { decimals, symbol });
  const blocker = investBlocker(checkInputOf(vault, amount, reads, caps.refusal));
  const allowance = reads.walletTokens?.allowance;
  const approvalNeeded = needsApproval(allowance, units);
  const next = { approvalNeeded, path: plannedInvestPath(approvalNeeded, reads.pathInput), pathInput: reads.pathInput };
  const { state } = flow;
  const shown = state.phase === "idle" ? next : state;
  return {
    decimals,
    symbol,
    tokenKnown: Boolean(reads.token),
    units,
    balance: reads.walletTokens?.balance,
    allowance,
    caps,
    blocker,
    closed: closedOf(vault, reads.emergencyState),
    next,
    steps: investSteps(state.phase, shown.approvalNeeded, state.failedAt, shown.path),
    button: investButton({ ...state, busy: flow.busy }, blocker, next),
    notWhitelisted:
      blocker?.kind === "whitelist" && reads.account ? { account: reads.account, isAdmin: reads.isAdmin } : null,
  };
}
