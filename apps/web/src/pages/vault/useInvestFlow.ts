import { type InvestReturnType, type InvestStep, invest } from "@fundament/sdk";
import { useCallback, useRef, useState } from "react";
import type { Hash } from "viem";
import { useWriteContext } from "../../shared/hooks/useFundAction";
import type { InvestPhase } from "./invest.helpers";
import { useInvestNotifications } from "./useInvestNotifications";

export type InvestFlowState = {
  phase: InvestPhase;
  /** Whether the flow needed (or needs) the approval step. */
  approvalNeeded: boolean;
  approvalHash: Hash | null;
  /** The investment transaction, once the wallet has sent it. */
  hash: Hash | null;
  failedAt: "approve" | "invest" | null;
  message: string | null;
};

const IDLE: InvestFlowState = {
  phase: "idle",
  approvalNeeded: true,
  approvalHash: null,
  hash: null,
  failedAt: null,
  message: null,
};

/**
 * The two-step investment (approve → invest into one vault) as state for the widget: runs the sdk's `invest`,
 * follows its steps and hashes (the approval's mining refreshes the allowance), and hands the result to the
 * notifications.
 */
export function useInvestFlow() {
  const [state, setState] = useState<InvestFlowState>(IDLE);
  const context = useWriteContext();
  const notify = useInvestNotifications();
  const running = useRef(false);

  const start = useCallback(
    async (vaultId: number, amount: string, approvalNeeded: boolean): Promise<InvestReturnType | null> => {
      if (running.current) return null;
      running.current = true;
      const progress: { step: InvestStep; approvalHash: Hash | null } = { step: "checking", approvalHash: null };
      setState({ ...IDLE, phase: "checking", approvalNeeded });
      try {
        let result: InvestReturnType;
        try {
          const ctx = await context();
          result = await invest({
            ...ctx,
            vaultId,
            amount,
            onStep: (next) => {
              progress.step = next;
              // The investment step starts once the approval's receipt is in: the allowance changed on chain.
              if (next === "investing" && progress.approvalHash) void notify.approvalMined();
              setState((s) => ({ ...s, phase: next, approvalNeeded: next === "approving" ? true : s.approvalNeeded }));
            },
            onApprovalSubmitted: (hash) => {
              progress.approvalHash = hash;
              setState((s) => ({ ...s, approvalHash: hash }));
            },
            onSubmitted: (hash) => setState((s) => ({ ...s, hash })),
          });
        } catch (error) {
          result = { hash: null, success: false, message: (error as Error).message, approvalHash: null };
        }
        const { step } = progress;
        const approvalWasSkipped = step === "investing" && !result.approvalHash;
        setState((s) => ({
          ...s,
          approvalNeeded: approvalWasSkipped ? false : s.approvalNeeded,
          phase: result.success ? "success" : "error",
          hash: result.hash ?? s.hash,
          approvalHash: result.approvalHash ?? s.approvalHash,
          failedAt: result.success ? null : step === "investing" ? "invest" : step === "approving" ? "approve" : null,
          message: result.message,
        }));
        await notify.result(result);
        return result;
      } finally {
        running.current = false;
      }
    },
    [context, notify],
  );

  const reset = useCallback(() => setState(IDLE), []);
  return {
    state,
    start,
    reset,
    busy: state.phase === "checking" || state.phase === "approving" || state.phase === "investing",
  };
}
