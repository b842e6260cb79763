import { failureKind, type WriteContext, type WriteResult } from "@fundament/sdk";
import { smartAccountQueryKey } from "@fundament/wallet/react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { Hash } from "viem";
import { useConfig } from "wagmi";
import { getWalletClient } from "wagmi/actions";
import { CHAIN_KEY } from "../lib/queryKeys";
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
      publicClient: publicClient as WriteContext["publicClient"],
      walletClient: walletClient as unknown as WriteContext["walletClient"],
      ...(via === "smartAccount" ? { smartAccount: {} } : {}),
    };
  }, [appConfig, publicClient, wagmiConfig, blocker, via]);
}

/**
 * Runs one sdk write (which never throws and returns `{ hash, success, message }`), tracks its state, refreshes every
 * on-chain query after a success and moves focus to the result (`resultRef`).
 *
 * Feedback has one place: the in-progress step shows beside the control (`<TxStatus />` renders only `pending`), and
 * the result, success or failure, is a toast with the short hash (linked to the explorer where there is one).
 */
export function useFundAction<P extends object>(
  action: Action<P>,
  options: UseFundActionOptions = {},
): UseFundActionReturnType<P> {
  const [state, setState] = useState<TxState>({ status: "idle" });
  const context = useWriteContext(options);
  const queryClient = useQueryClient();
  const { push } = useToasts();
  const busy = useRef(false);
  const resultElement = useRef<HTMLElement | null>(null);
  const resultRef = useCallback((element: HTMLElement | null) => {
    resultElement.current = element;
  }, []);

  const run = useCallback(
    async (parameters: P): Promise<WriteResult> => {
      if (busy.current)
        return { hash: null, success: false, message: "A transaction is already pending.", kind: "invalid" };
      busy.current = true;
      setState({ status: "pending", hash: null });
      try {
        let result: WriteResult;
        let sentBy: "eoa" | "smartAccount" = "eoa";
        try {
          const ctx = await context();
          if (ctx.smartAccount) sentBy = "smartAccount";
          result = await action({
            ...ctx,
            ...parameters,
            onSubmitted: (hash: Hash) => setState({ status: "pending", hash }),
          });
        } catch (error) {
          result = { hash: null, success: false, message: (error as Error).message, kind: failureKind(error) };
        }
        if (result.success) {
          setState({ status: "success", hash: result.hash, message: result.message });
          push({ kind: "success", message: result.message, hash: result.hash });
          await queryClient.invalidateQueries({ queryKey: [CHAIN_KEY] });
          // A user operation may have deployed the smart account and moved its tokens: the wallet layer's reads too.
          if (sentBy === "smartAccount") void queryClient.invalidateQueries({ queryKey: [WALLET_QUERY_KEY] });
          focusResult(resultElement.current);
        } else {
          setState({ status: "error", message: result.message });
          push({ kind: "error", message: result.message });
        }
        return result;
      } finally {
        busy.current = false;
      }
    },
    [action, context, push, queryClient],
  );

  const reset = useCallback(() => setState({ status: "idle" }), []);
  return { state, run, reset, resultRef, context };
}

/** Moves focus to the element showing an action's result (focusable without joining the tab order). */
export function focusResult(element: HTMLElement | null): void {
  if (!element?.isConnected) return;
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus();
}
