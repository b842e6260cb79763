import { failureKind, type WriteContext, type WriteResult } from "@fundament/sdk";
import { smartAccountQueryKey } from "@fundament/wallet/react";
import { type UseMutationResult, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import type { Hash } from "viem";
import { useConfig } from "wagmi";
import { getWalletClient } from "wagmi/actions";
import { CHAIN_KEY } from "../lib/queryKeys";
import { TIMELOCK_KEY } from "../timelock/pendingChanges.queries";
import { useAppConfig } from "./useAppConfig";
import { useFundClient } from "./useFundClient";
import { SMART_ACCOUNT_LOOKING_UP, useInvestorSender } from "./useInvestorSender";
import { useToasts } from "./useToasts";
import { useWalletStatus } from "./useWalletStatus";

/** The wallet layer's query-key root (its balances, the smart account's deployment state and balances). */
const WALLET_QUERY_KEY = smartAccountQueryKey()[0];

/** Where one transaction is: idle → pending (hash once sent) → success / error, with the spec's message. */
export type TxState =
  | { status: "idle" }
  | { status: "pending"; hash: Hash | null }
  | { status: "success"; hash: Hash | null; message: string }
  | { status: "error"; message: string };

const IDLE: TxState = { status: "idle" };

type Action<P> = (parameters: WriteContext & P) => Promise<WriteResult>;

export type UseFundActionReturnType<P> = {
  state: TxState;
  run: (parameters: P) => Promise<WriteResult>;
  reset: () => void;
  /**
   * A ref for the element that shows the action's result (the updated position, the new list row): after a success,
   * once the chain reads are refreshed, focus moves there (it is made focusable with tabIndex -1 if it is not), so
   * keyboard and screen-reader users land on what changed. Without it focus stays where it was.
   */
  resultRef: (element: HTMLElement | null) => void;
  /** Builds the write context (wallet client of the connected account on the app's chain); throws a plain message. */
  context: () => Promise<WriteContext>;
};

/**
 * Who sends a write: `self` (the connected wallet's account; admin writes: admins act as themselves) or `investor`
 * (the account that holds the positions: the owner's smart account when it is in use, see `useInvestorSender`).
 */
export type WriteSender = "self" | "investor";

export type UseFundActionOptions = { sender?: WriteSender };

/**
 * The write context for sdk actions: deployment, the batched public client and the wallet's client. For the
 * investor's writes while the smart account is in use, it also says to send through it (`smartAccount`: one user
 * operation the owner signs, gas paid by the fund's paymaster, or by the smart account itself when the fund does not
 * sponsor it).
 */
export function useWriteContext({ sender = "self" }: UseFundActionOptions = {}): () => Promise<WriteContext> {
  const appConfig = useAppConfig();
  const publicClient = useFundClient();
  const wagmiConfig = useConfig();
  const { blocker } = useWalletStatus();
  const investor = useInvestorSender();
  const via = sender === "investor" ? investor.kind : "eoa";
  return useCallback(async () => {
    if (blocker) throw new Error(blocker);
    if (via === "pending") throw new Error(SMART_ACCOUNT_LOOKING_UP);
    const walletClient = await getWalletClient(wagmiConfig, { chainId: appConfig.chainId });
    return {
      deployment: appConfig.deployment,
      publicClient,
      walletClient,
      ...(via === "smartAccount" ? { smartAccount: {} } : {}),
    };
  }, [appConfig, publicClient, wagmiConfig, blocker, via]);
}

/** A write that did not go through, as the mutation's error: the spec's message, and the result `run` returns. */
class WriteFailed extends Error {
  constructor(readonly result: WriteResult) {
    super(result.message);
    this.name = "WriteFailed";
  }
}

/** A write that went through, and whether the owner's smart account sent it. */
type Sent = { result: WriteResult; viaSmartAccount: boolean };

/** One run's parameters, wrapped so every run is a new object: its progress belongs to it. */
type Run<P> = { parameters: P };

/** A run's progress: the hash once the wallet sent it, and the write's result once it went through. */
type Progress<P> = { run: Run<P>; hash: Hash | null; done?: WriteResult };

const ALREADY_PENDING: WriteResult = {
  hash: null,
  success: false,
  message: "A transaction is already pending.",
  kind: "invalid",
};

/**
 * Runs one sdk write (which never throws and returns `{ hash, success, message }`) as a TanStack Query mutation, as
 * wagmi's `useWriteContract` does: pending, the result, the failure and `reset` are the mutation's. After a success
 * it refreshes every on-chain query and then moves focus to the result (`resultRef`); the success shows at once, and
 * the mutation stays pending until the reads are refreshed, so a second run meanwhile is refused.
 *
 * Feedback has one place: the in-progress step shows beside the control (`<TxStatus />` renders only `pending`), and
 * the result, success or failure, is a toast with the short hash (linked to the explorer where there is one).
 */
export function useFundAction<P extends object>(
  action: Action<P>,
  options: UseFundActionOptions = {},
): UseFundActionReturnType<P> {
  const context = useWriteContext(options);
  const queryClient = useQueryClient();
  const { push } = useToasts();
  const id = useId();
  // This hook's own key: the mutation cache answers, at once, whether its write is still under way.
  const mutationKey = useMemo(() => ["fundAction", id], [id]);
  // What the mutation does not hold while it is pending: the hash the wallet sent, then the result, shown while the
  // reads refresh.
  const [progress, setProgress] = useState<Progress<P> | null>(null);
  const resultElement = useRef<HTMLElement | null>(null);
  const resultRef = useCallback((element: HTMLElement | null) => {
    resultElement.current = element;
  }, []);

  const mutation = useMutation({
    mutationKey,
    // A transaction is sent once, when asked: never again on failure, never held back while the browser says offline.
    retry: false,
    networkMode: "always",
    mutationFn: async (run: Run<P>): Promise<Sent> => {
      let sent: Sent;
      try {
        const ctx = await context();
        const result = await action({
          ...ctx,
          ...run.parameters,
          onSubmitted: (hash: Hash) => setProgress({ run, hash }),
        });
        sent = { result, viaSmartAccount: Boolean(ctx.smartAccount) };
      } catch (error) {
        // The context's plain message (no wallet, wrong network, …), or an sdk write that threw after all.
        throw new WriteFailed({
          hash: null,
          success: false,
          message: (error as Error).message,
          kind: failureKind(error),
        });
      }
      if (!sent.result.success) throw new WriteFailed(sent.result);
      setProgress({ run, hash: sent.result.hash, done: sent.result });
      return sent;
    },
    onSuccess: async ({ result, viaSmartAccount }) => {
      push({ kind: "success", message: result.message, hash: result.hash });
      // The timelock's pending changes refresh beside it, not awaited (they are not the action's own reads).
      void queryClient.invalidateQueries({ queryKey: [TIMELOCK_KEY] });
      await queryClient.invalidateQueries({ queryKey: [CHAIN_KEY] });
      // A user operation may have deployed the smart account and moved its tokens: the wallet layer's reads too.
      if (viaSmartAccount) void queryClient.invalidateQueries({ queryKey: [WALLET_QUERY_KEY] });
    },
    onError: (error) => push({ kind: "error", message: error.message }),
  });
  const { mutateAsync, reset } = mutation;

  const run = useCallback(
    async (parameters: P): Promise<WriteResult> => {
      // Asked of the cache, not of the last render: a second click before React re-renders is refused too.
      if (queryClient.isMutating({ mutationKey, exact: true }) > 0) return ALREADY_PENDING;
      try {
        const { result } = await mutateAsync({ parameters });
        focusResult(resultElement.current);
        return result;
      } catch (error) {
        if (error instanceof WriteFailed) return error.result;
        throw error;
      }
    },
    [mutateAsync, mutationKey, queryClient],
  );

  return { state: txState(mutation, progress), run, reset, resultRef, context };
}

/**
 * The mutation's state as the action's: pending with the hash sent so far, the success as soon as the write went
 * through (the mutation itself is pending until the reads are refreshed), the spec's message once settled.
 */
function txState<P>(mutation: UseMutationResult<Sent, Error, Run<P>>, progress: Progress<P> | null): TxState {
  switch (mutation.status) {
    case "idle":
      return IDLE;
    case "pending": {
      const run = progress?.run === mutation.variables ? progress : null;
      if (run?.done) return { status: "success", hash: run.done.hash, message: run.done.message };
      return { status: "pending", hash: run?.hash ?? null };
    }
    case "success":
      return { status: "success", hash: mutation.data.result.hash, message: mutation.data.result.message };
    case "error":
      return { status: "error", message: mutation.error.message };
  }
}

/** Moves focus to the element showing an action's result (focusable without joining the tab order). */
export function focusResult(element: HTMLElement | null): void {
  if (!element?.isConnected) return;
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus();
}
