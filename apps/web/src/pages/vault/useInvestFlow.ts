import {
  failureKind,
  type InvestPath,
  type InvestPathResult,
  invest,
  investWithBatch,
  investWithPermit,
  investWithSmartAccount,
  permitMessages,
  type WriteContext,
} from "@fundament/sdk";
import { useWalletCore } from "@fundament/wallet/react";
import { useCallback, useRef, useState } from "react";
import type { Hash } from "viem";
import { useConnection } from "wagmi";
import { useWriteContext } from "../../shared/hooks/useFundAction";
import type { FailedStep, InvestPhase } from "./invest.helpers";
import { type ChooseInvestPathInput, chooseInvestPath, fallbackInvestPath, investPathText } from "./investPath.helpers";
import { useInvestNotifications } from "./useInvestNotifications";

export type InvestFlowState = {
  phase: InvestPhase;
  /** Whether the flow needed (or needs) the approval step. */
  approvalNeeded: boolean;
  /** The path running (or that ran): after a fallback, the one fallen back to. */
  path: InvestPath;
  approvalHash: Hash | null;
  /** The investment transaction, once the wallet has sent it (a batch's: once mined). */
  hash: Hash | null;
  /** The EIP-5792 batch, once the wallet accepted it. */
  batchId: string | null;
  failedAt: FailedStep;
  message: string | null;
  /** Why a better path was not used, in plain words (a wallet that cannot batch or sign a permit); null when none. */
  fallback: string | null;
  /** Which path ran, said with the result. */
  pathText: string | null;
};

const IDLE: InvestFlowState = {
  phase: "idle",
  approvalNeeded: true,
  path: "twoStep",
  approvalHash: null,
  hash: null,
  batchId: null,
  failedAt: null,
  message: null,
  fallback: null,
  pathText: null,
};

/** The outcome of one path, with whether anything on chain changed (to refresh the reads). */
type PathOutcome = InvestPathResult & { chainChanged: boolean };

/**
 * Wallets (connector and account) that answered that they cannot sign typed data: their next investments skip the
 * permit.
 */
const withoutTypedData = new Set<string>();
const walletKey = (connectorUid: string | undefined, account: string | undefined) =>
  `${connectorUid ?? ""}:${account?.toLowerCase() ?? ""}`;

/** Whether the connected wallet may sign typed data: false once it answered that it cannot. */
export function useWalletSignsTypedData(): boolean {
  const { connector, address } = useConnection();
  return !withoutTypedData.has(walletKey(connector?.uid, address));
}

const failedStep = (phase: InvestPhase): FailedStep => {
  switch (phase) {
    case "signing":
    case "approving":
      return "approve";
    case "investing":
      return "invest";
    case "batching":
      return "batch";
    default:
      return null;
  }
};

/**
 * The investment as state for the widget: takes the best path the wallet supports (`chooseInvestPath`: smart
 * account, batch, permit, two steps; the investment alone when the allowance already covers the amount), follows its
 * steps, hashes and batch, and falls back to the next path with a clear text when the wallet turns out not to support
 * one (never after a rejection). The approval's mining refreshes the allowance; the result goes to the notifications,
 * and a mined investment to the wallet layer's event bus (`INVEST_SUCCESS` with the vault and path, no address).
 */
export function useInvestFlow() {
  const [state, setState] = useState<InvestFlowState>(IDLE);
  const context = useWriteContext();
  const notify = useInvestNotifications();
  const core = useWalletCore();
  const { connector } = useConnection();
  const running = useRef(false);

  const start = useCallback(
    async (
      vaultId: number,
      amount: string,
      approvalNeeded: boolean,
      choice: ChooseInvestPathInput,
    ): Promise<PathOutcome | null> => {
      if (running.current) return null;
      running.current = true;
      // The EOA's allowance says nothing about a smart account, which always approves and invests in one operation.
      let path: InvestPath =
        approvalNeeded || choice.accountType === "smartAccount" ? chooseInvestPath(choice) : "twoStep";
      const progress: { phase: InvestPhase; approvalHash: Hash | null } = { phase: "checking", approvalHash: null };
      const fallbacks: string[] = [];
      setState({ ...IDLE, phase: "checking", approvalNeeded, path });
      const phase = (next: InvestPhase) => {
        progress.phase = next;
        // The investment step starts once the approval's receipt is in: the allowance changed on chain.
        if (next === "investing" && progress.approvalHash) void notify.approvalMined();
        setState((s) => ({
          ...s,
          phase: next,
          // A permit that fell back runs the two steps from here.
          path: next === "approving" ? "twoStep" : s.path,
          approvalNeeded: next === "approving" || next === "signing" || next === "batching" ? true : s.approvalNeeded,
        }));
      };
      const onApprovalSubmitted = (hash: Hash) => {
        progress.approvalHash = hash;
        setState((s) => ({ ...s, approvalHash: hash }));
      };
      const onSubmitted = (hash: Hash) => setState((s) => ({ ...s, hash }));
      try {
        let outcome: PathOutcome;
        try {
          const ctx = await context();
          const account = walletKey(connector?.uid, ctx.walletClient.account?.address);
          if (withoutTypedData.has(account)) choice = { ...choice, signsTypedData: false };
          if (path === "permit" && !choice.signsTypedData) path = "twoStep";
          for (let attempt = 0; ; attempt++) {
            setState((s) => ({ ...s, path, phase: "checking", batchId: null }));
            outcome = await runPath(path, ctx, { vaultId, amount, phase, onApprovalSubmitted, onSubmitted, setState });
            if (outcome.fallback === permitMessages.walletCannotSign) withoutTypedData.add(account);
            if (outcome.fallback) fallbacks.push(outcome.fallback);
            const next = fallbackInvestPath(path, choice);
            if (!outcome.unsupported || next === path || attempt > 3) break;
            fallbacks.push(outcome.message);
            path = next;
          }
        } catch (error) {
          outcome = {
            hash: null,
            success: false,
            message: (error as Error).message,
            kind: failureKind(error),
            approvalHash: null,
            path,
            unsupported: false,
            fallback: null,
            chainChanged: false,
          };
        }
        const result = outcome;
        const approvalWasSkipped = progress.phase === "investing" && !result.approvalHash && result.path === "twoStep";
        setState((s) => ({
          ...s,
          path: result.path,
          approvalNeeded: approvalWasSkipped ? false : s.approvalNeeded,
          phase: result.success ? "success" : "error",
          hash: result.hash ?? s.hash,
          approvalHash: result.approvalHash ?? s.approvalHash,
          failedAt: result.success ? null : failedStep(progress.phase),
          message: result.message,
          fallback: fallbacks.length > 0 ? fallbacks.join(" ") : null,
          pathText: result.success ? investPathText(result.path, Boolean(result.approvalHash)) : null,
        }));
        // The operator's analytics (when on): which vault and path, never the account.
        if (result.success) core.bus.emit("INVEST_SUCCESS", { vaultId, path: result.path });
        await notify.result(result);
        return result;
      } finally {
        running.current = false;
      }
    },
    [context, notify, connector, core],
  );

  const reset = useCallback(() => setState(IDLE), []);
  return {
    state,
    start,
    reset,
    busy:
      state.phase === "checking" ||
      state.phase === "approving" ||
      state.phase === "signing" ||
      state.phase === "batching" ||
      state.phase === "investing",
  };
}

type RunOptions = {
  vaultId: number;
  amount: string;
  phase: (next: InvestPhase) => void;
  onApprovalSubmitted: (hash: Hash) => void;
  onSubmitted: (hash: Hash) => void;
  setState: (update: (s: InvestFlowState) => InvestFlowState) => void;
};

/** Runs one path through the SDK. */
async function runPath(path: InvestPath, ctx: WriteContext, options: RunOptions): Promise<PathOutcome> {
  const { vaultId, amount, phase, onApprovalSubmitted, onSubmitted } = options;
  switch (path) {
    case "smartAccount": {
      // One user operation from the owner's smart account (approve + invest), gas paid by the fund's paymaster.
      const result = await investWithSmartAccount({
        ...ctx,
        vaultId,
        amount,
        // One confirmation (the user operation's signature), then the bundler mines approve + invest together.
        onStep: (step) => phase(step === "checking" ? "checking" : "batching"),
        onSubmitted: (userOpHash) => options.setState((s) => ({ ...s, batchId: userOpHash })),
      });
      return { ...result, chainChanged: result.userOpHash !== null };
    }
    case "batch": {
      const result = await investWithBatch({
        ...ctx,
        vaultId,
        amount,
        onStep: phase,
        onBatchSubmitted: (id) => options.setState((s) => ({ ...s, batchId: id })),
      });
      return { ...result, chainChanged: result.calls.some((call) => call.state === "succeeded") };
    }
    case "permit": {
      const result = await investWithPermit({
        ...ctx,
        vaultId,
        amount,
        onStep: phase,
        onApprovalSubmitted,
        onSubmitted,
      });
      return { ...result, chainChanged: result.success || Boolean(result.approvalHash) };
    }
    case "twoStep": {
      const result = await invest({ ...ctx, vaultId, amount, onStep: phase, onApprovalSubmitted, onSubmitted });
      return {
        ...result,
        path,
        unsupported: false,
        fallback: null,
        chainChanged: result.success || Boolean(result.approvalHash),
      };
    }
  }
}
