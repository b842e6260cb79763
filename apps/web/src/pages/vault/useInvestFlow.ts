import {
  type ChooseInvestPathInput,
  failureKind,
  InvestFailedError,
  type InvestInVaultReturnType,
  type InvestPath,
  type InvestProgress,
  investInVault,
  permitMessages,
  plannedInvestPath,
} from "@fundament/sdk";
import { useWalletCore } from "@fundament/wallet/react";
import { type UseMutationResult, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useMemo, useState } from "react";
import type { Hash } from "viem";
import { useConnection } from "wagmi";
import { useWriteContext } from "../../shared/hooks/useFundAction";
import type { FailedStep, InvestPhase } from "./invest.helpers";
import { investPathText } from "./investPath.helpers";
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

/** What a click on invest came to: the SDK's outcome, or (the wallet could not be reached) its failure in words. */
export type InvestSettled = Pick<InvestInVaultReturnType, "hash" | "success" | "message" | "kind" | "path"> &
  Partial<InvestInVaultReturnType>;

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

/** The step that failed, from the last step the SDK reported. */
const failedStep = (step: InvestProgress["step"]): FailedStep => {
  switch (step) {
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

/** What one investment is asked to do: each start is a new object, and the progress shown belongs to it. */
type InvestRun = { vaultId: number; amount: bigint; approvalNeeded: boolean; choice: ChooseInvestPathInput };

/** The state a run starts in (checking, before any wallet prompt): the path the widget's button named. */
const startState = ({ approvalNeeded, choice }: InvestRun): InvestFlowState => ({
  ...IDLE,
  phase: "checking",
  approvalNeeded,
  path: plannedInvestPath(approvalNeeded, choice),
});

/** The state while the SDK reports its progress. */
const progressState = (progress: InvestProgress): InvestFlowState => ({
  ...IDLE,
  phase: progress.step,
  approvalNeeded: progress.approvalNeeded,
  path: progress.path,
  approvalHash: progress.approvalHash,
  hash: progress.hash,
  batchId: progress.batchId,
});

/** The state an investment ended in: the SDK's outcome (a result, or the one its typed error holds). */
const settledState = (outcome: InvestInVaultReturnType): InvestFlowState => ({
  ...progressState(outcome.progress),
  phase: outcome.success ? "success" : "error",
  failedAt: outcome.success ? null : failedStep(outcome.progress.step),
  message: outcome.message,
  fallback: outcome.fallback,
  pathText: outcome.success ? investPathText(outcome.path, Boolean(outcome.approvalHash)) : null,
});

/** What a start came to, for the form: the outcome, or an error before the SDK ran (no wallet client) in words. */
const settledOf = (error: unknown, run: InvestRun): InvestSettled =>
  error instanceof InvestFailedError
    ? error.outcome
    : {
        hash: null,
        success: false,
        message: (error as Error).message,
        kind: failureKind(error),
        path: startState(run).path,
      };

/**
 * The investment as state for the widget: one TanStack Query mutation over the SDK's one entry (`investInVault`, which
 * reads the token once, takes the best path the wallet supports and falls back with a clear text) plus the progress
 * it reports. The mutation holds the outcome, or the SDK's typed error (`InvestFailedError`); the progress shows every
 * step, then the result while the reads refresh. The approval's mining refreshes the allowance; the result goes to
 * the notifications, and a mined investment to the wallet layer's event bus (`INVEST_SUCCESS` with the vault and
 * path, no address).
 */
export function useInvestFlow() {
  const context = useWriteContext();
  const notify = useInvestNotifications();
  const core = useWalletCore();
  const { connector } = useConnection();
  const queryClient = useQueryClient();
  const id = useId();
  // This hook's own key: the mutation cache answers, at once, whether an investment is still under way.
  const mutationKey = useMemo(() => ["invest", id], [id]);
  // The steps of the run under way: what the mutation does not hold while it is pending.
  const [progress, setProgress] = useState<{ run: InvestRun; state: InvestFlowState } | null>(null);

  const mutation = useMutation({
    mutationKey,
    // An investment is sent once, when asked: never again on failure, never held back while the browser says offline.
    retry: false,
    networkMode: "always",
    mutationFn: async (run: InvestRun): Promise<InvestInVaultReturnType> => {
      const ctx = await context();
      const wallet = walletKey(connector?.uid, ctx.walletClient.account?.address);
      const publish = (state: InvestFlowState) => setProgress({ run, state });
      let last: InvestProgress["step"] | null = null;
      const settle = (outcome: InvestInVaultReturnType) => {
        if (outcome.fallbacks.includes(permitMessages.walletCannotSign)) withoutTypedData.add(wallet);
        publish(settledState(outcome));
      };
      try {
        const outcome = await investInVault({
          ...ctx,
          vaultId: run.vaultId,
          amount: run.amount,
          wallet: withoutTypedData.has(wallet) ? { ...run.choice, signsTypedData: false } : run.choice,
          onProgress: (next) => {
            // The investment step starts once the approval's receipt is in: the allowance changed on chain.
            if (next.step === "investing" && last !== "investing" && next.approvalHash) void notify.approvalMined();
            last = next.step;
            publish(progressState(next));
          },
        });
        settle(outcome);
        return outcome;
      } catch (error) {
        if (error instanceof InvestFailedError) settle(error.outcome);
        throw error;
      }
    },
    // The operator's analytics (when on): which vault and path, never the account.
    onSuccess: (outcome, { vaultId }) => {
      core.bus.emit("INVEST_SUCCESS", { vaultId, path: outcome.path });
    },
    // The refresh belongs to the run: until it is done, a second start is refused (the result already shows).
    onSettled: (outcome, error) => {
      const settled = outcome ?? (error instanceof InvestFailedError ? error.outcome : null);
      return settled ? notify.result(settled) : undefined;
    },
  });
  const { mutateAsync, reset } = mutation;

  const start = useCallback(
    async (
      vaultId: number,
      amount: bigint,
      approvalNeeded: boolean,
      choice: ChooseInvestPathInput,
    ): Promise<InvestSettled | null> => {
      // Asked of the cache, not of the last render: a second submit before React re-renders is refused too.
      if (queryClient.isMutating({ mutationKey, exact: true }) > 0) return null;
      const run = { vaultId, amount, approvalNeeded, choice };
      // The mutation holds the outcome or the typed error; the form only needs what the click came to.
      return mutateAsync(run).catch((error: unknown) => settledOf(error, run));
    },
    [mutateAsync, mutationKey, queryClient],
  );

  const state = flowState(mutation, progress);
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

/**
 * The flow's state: the run's own progress while the mutation is pending (its last step is the result, shown while
 * the reads refresh), the state it ended in once settled.
 */
function flowState(
  mutation: UseMutationResult<InvestInVaultReturnType, Error, InvestRun>,
  progress: { run: InvestRun; state: InvestFlowState } | null,
): InvestFlowState {
  switch (mutation.status) {
    case "idle":
      return IDLE;
    case "pending":
      return progress?.run === mutation.variables ? progress.state : startState(mutation.variables);
    case "success":
      return settledState(mutation.data);
    case "error":
      return mutation.error instanceof InvestFailedError
        ? settledState(mutation.error.outcome)
        : { ...startState(mutation.variables), phase: "error", message: mutation.error.message };
  }
}
