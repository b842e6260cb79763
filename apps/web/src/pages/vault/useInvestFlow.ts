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
import { type UseMutationResult, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useMemo, useState } from "react";
import type { Hash } from "viem";
import { useConnection } from "wagmi";
import { useWriteContext } from "../../shared/hooks/useFundAction";
import type { FailedStep, InvestPhase } from "./invest.helpers";
import {
  type ChooseInvestPathInput,
  fallbackInvestPath,
  investPathText,
  plannedInvestPath,
} from "./investPath.helpers";
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

/** What one investment is asked to do: each start is a new object, and the progress shown belongs to it. */
type InvestRun = { vaultId: number; amount: string; approvalNeeded: boolean; choice: ChooseInvestPathInput };

/** The investment's result and the state it ended in (the mutation's data). */
type Invested = { outcome: PathOutcome; state: InvestFlowState };

/** An investment that did not go through, as the mutation's error: its message is the spec's. */
class InvestFailed extends Error {
  constructor(
    readonly outcome: PathOutcome,
    readonly state: InvestFlowState,
  ) {
    super(outcome.message);
    this.name = "InvestFailed";
  }
}

/** The path a run starts with: the one the widget's button named (`plannedInvestPath`). */
const firstPath = ({ approvalNeeded, choice }: InvestRun): InvestPath => plannedInvestPath(approvalNeeded, choice);

/** The state a run starts in (checking, before any wallet prompt). */
const startState = (run: InvestRun): InvestFlowState => ({
  ...IDLE,
  phase: "checking",
  approvalNeeded: run.approvalNeeded,
  path: firstPath(run),
});

/**
 * The investment as state for the widget, run as a TanStack Query mutation (pending, the result, the failure and
 * `reset` are the mutation's): takes the best path the wallet supports (`chooseInvestPath`: smart account, batch,
 * permit, two steps; the investment alone when the allowance already covers the amount), follows its steps, hashes
 * and batch, and falls back to the next path with a clear text when the wallet turns out not to support one (never
 * after a rejection). The approval's mining refreshes the allowance; the result goes to the notifications, and a
 * mined investment to the wallet layer's event bus (`INVEST_SUCCESS` with the vault and path, no address).
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
  // The steps of the run under way (phase, path, hashes, batch): what the mutation does not hold while it is pending.
  const [progress, setProgress] = useState<{ run: InvestRun; state: InvestFlowState } | null>(null);

  const mutation = useMutation({
    mutationKey,
    // An investment is sent once, when asked: never again on failure, never held back while the browser says offline.
    retry: false,
    networkMode: "always",
    mutationFn: async (run: InvestRun): Promise<Invested> => {
      const invested = await investOnce(run, {
        context,
        connectorUid: connector?.uid,
        approvalMined: notify.approvalMined,
        publish: (state) => setProgress({ run, state }),
      });
      if (!invested.outcome.success) throw new InvestFailed(invested.outcome, invested.state);
      return invested;
    },
    // The operator's analytics (when on): which vault and path, never the account.
    onSuccess: ({ outcome }, { vaultId }) => {
      core.bus.emit("INVEST_SUCCESS", { vaultId, path: outcome.path });
    },
    // The refresh belongs to the run: until it is done, a second start is refused (the result already shows).
    onSettled: (data, error) => {
      const outcome = data?.outcome ?? (error instanceof InvestFailed ? error.outcome : null);
      return outcome ? notify.result(outcome) : undefined;
    },
  });
  const { mutateAsync, reset } = mutation;

  const start = useCallback(
    async (
      vaultId: number,
      amount: string,
      approvalNeeded: boolean,
      choice: ChooseInvestPathInput,
    ): Promise<PathOutcome | null> => {
      // Asked of the cache, not of the last render: a second submit before React re-renders is refused too.
      if (queryClient.isMutating({ mutationKey, exact: true }) > 0) return null;
      try {
        return (await mutateAsync({ vaultId, amount, approvalNeeded, choice })).outcome;
      } catch (error) {
        if (error instanceof InvestFailed) return error.outcome;
        throw error;
      }
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
  mutation: UseMutationResult<Invested, Error, InvestRun>,
  progress: { run: InvestRun; state: InvestFlowState } | null,
): InvestFlowState {
  switch (mutation.status) {
    case "idle":
      return IDLE;
    case "pending":
      return progress?.run === mutation.variables ? progress.state : startState(mutation.variables);
    case "success":
      return mutation.data.state;
    case "error":
      return mutation.error instanceof InvestFailed
        ? mutation.error.state
        : { ...startState(mutation.variables), phase: "error", message: mutation.error.message };
  }
}

type InvestOnceOptions = {
  context: () => Promise<WriteContext>;
  connectorUid: string | undefined;
  approvalMined: () => Promise<void>;
  /** Shows the run's progress (every step, the result last). */
  publish: (state: InvestFlowState) => void;
};

/** Runs one investment: the chosen path, then the next one while the wallet turns out not to support it. */
async function investOnce(run: InvestRun, options: InvestOnceOptions): Promise<Invested> {
  const { vaultId, amount } = run;
  let { choice } = run;
  let path = firstPath(run);
  const fallbacks: string[] = [];
  let flow = startState(run);
  const update = (change: Partial<InvestFlowState>) => {
    flow = { ...flow, ...change };
    options.publish(flow);
  };
  options.publish(flow);
  const phase = (next: InvestPhase) => {
    // The investment step starts once the approval's receipt is in: the allowance changed on chain.
    if (next === "investing" && flow.approvalHash) void options.approvalMined();
    update({
      phase: next,
      // A permit that fell back runs the two steps from here.
      path: next === "approving" ? "twoStep" : flow.path,
      approvalNeeded: next === "approving" || next === "signing" || next === "batching" ? true : flow.approvalNeeded,
    });
  };
  let outcome: PathOutcome;
  try {
    const ctx = await options.context();
    const account = walletKey(options.connectorUid, ctx.walletClient.account?.address);
    if (withoutTypedData.has(account)) choice = { ...choice, signsTypedData: false };
    if (path === "permit" && !choice.signsTypedData) path = "twoStep";
    for (let attempt = 0; ; attempt++) {
      update({ path, phase: "checking", batchId: null });
      outcome = await runPath(path, ctx, {
        vaultId,
        amount,
        phase,
        onApprovalSubmitted: (hash) => update({ approvalHash: hash }),
        onSubmitted: (hash) => update({ hash }),
        onBatchSubmitted: (batchId) => update({ batchId }),
      });
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
  const approvalWasSkipped = flow.phase === "investing" && !result.approvalHash && result.path === "twoStep";
  update({
    path: result.path,
    approvalNeeded: approvalWasSkipped ? false : flow.approvalNeeded,
    phase: result.success ? "success" : "error",
    hash: result.hash ?? flow.hash,
    approvalHash: result.approvalHash ?? flow.approvalHash,
    failedAt: result.success ? null : failedStep(flow.phase),
    message: result.message,
    fallback: fallbacks.length > 0 ? fallbacks.join(" ") : null,
    pathText: result.success ? investPathText(result.path, Boolean(result.approvalHash)) : null,
  });
  return { outcome: result, state: flow };
}

type RunOptions = {
  vaultId: number;
  amount: string;
  phase: (next: InvestPhase) => void;
  onApprovalSubmitted: (hash: Hash) => void;
  onSubmitted: (hash: Hash) => void;
  /** The EIP-5792 batch's id, or the smart account's user operation hash, once sent. */
  onBatchSubmitted: (id: string) => void;
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
        onSubmitted: options.onBatchSubmitted,
      });
      return { ...result, chainChanged: result.userOpHash !== null };
    }
    case "batch": {
      const result = await investWithBatch({
        ...ctx,
        vaultId,
        amount,
        onStep: phase,
        onBatchSubmitted: options.onBatchSubmitted,
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
