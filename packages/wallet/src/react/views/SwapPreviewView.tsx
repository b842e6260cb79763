import { type UseQueryResult, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConfig } from "wagmi";
import { sendTransaction, waitForTransactionReceipt } from "wagmi/actions";
import { isNativeSwapToken, type SwapQuote } from "../../features/swap/createSwapClient.js";
import { swapStoreOf } from "../../features/swap/createSwapStore.js";
import {
  checkBuiltSwap,
  PRICE_MOVED,
  type SwapSender,
  sendBuiltTransaction,
  swapErrorText,
  swappedText,
} from "../../features/swap/executeSwap.js";
import { minimumReceived, parseAmount } from "../../features/swap/swapMath.js";
import { QuoteDetails } from "../components/QuoteDetails.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { swapAllowanceQuery, swapQuoteQuery, useSwapClient } from "../hooks/useSwapSupport.js";
import { useViewState } from "../hooks/useViewState.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";

type Status = "idle" | "approving" | "swapping";

/**
 * The swap confirmation: the quote again, an "Approve {symbol}" step when the router's allowance is short
 * (`/v1/convert/build-approve`), then "Swap" (`/v1/convert/build-transaction`, sent with wagmi's sendTransaction and
 * waited for). Success: toast "Swapped 0.5 ETH for 1,490.12 mUSDC", balances refreshed, back to Account. Failure:
 * the sentence shown here; the form keeps its input. The status and the failure are view state (`useViewState`):
 * the embedded wallet's approval is a view over this one, and what the wallet answered is said here once it is back.
 */
export function SwapPreviewView() {
  const runtime = useWalletRuntime();
  const { core } = runtime;
  const form = useStore(swapStoreOf(core));
  const { address } = useWalletAccount();
  const client = useSwapClient();
  const [status, setStatus] = useViewState<Status>("swapStatus", "idle");
  const [error, setError] = useViewState<string | undefined>("swapError", undefined);
  const { from, to } = form;
  const amount = from ? parseAmount(form.amount, from.decimals) : undefined;
  const quote = useQuery(
    swapQuoteQuery({ client, apiUrl: runtime.config.apiUrl, from, to, amount, userAddress: address }),
  );
  const isNative = isNativeSwapToken(from);
  const allowance = useQuery(
    swapAllowanceQuery({ client, apiUrl: runtime.config.apiUrl, from, userAddress: address, enabled: !isNative }),
  );
  const steps = useSwapSteps({ setStatus, setError, quote, allowance, isNative });

  if (!from || !to || !amount || !address || !client) {
    return (
      <div className="fw-stack">
        <p className="fw-muted">Nothing to review.</p>
        <button type="button" className="fw-button" onClick={() => core.router.replace("Swap")}>
          Back to Swap
        </button>
      </div>
    );
  }
  const needsApproval = !isNative && allowance.data !== undefined && allowance.data < amount;
  const busy = status !== "idle";
  return (
    <div className="fw-stack">
      <p className="fw-swap-summary" data-testid="swap-summary">
        {form.amount} {from.symbol} → {to.symbol}
      </p>
      <section aria-label="Quote" aria-live="polite" aria-busy={quote.isFetching}>
        {quote.data ? (
          <QuoteDetails quote={quote.data} from={from} to={to} slippage={form.slippage} />
        ) : quote.isError ? null : (
          <p className="fw-muted">Getting a quote…</p>
        )}
        <p className="fw-muted">Slippage tolerance: {form.slippage} %</p>
      </section>
      {quote.isError ? (
        <p className="fw-error fw-wrap" role="alert">
          {swapErrorText(quote.error)}
        </p>
      ) : null}
      {allowance.isError ? (
        <p className="fw-error fw-wrap" role="alert">
          {swapErrorText(allowance.error)}
        </p>
      ) : null}
      {error ? (
        <p className="fw-error fw-wrap" role="alert" data-testid="swap-error">
          {error}
        </p>
      ) : null}
      <p className="fw-muted" aria-live="polite" data-testid="swap-status">
        {status === "approving"
          ? `Approving ${from.symbol}… confirm in your wallet, then wait until it is mined.`
          : status === "swapping"
            ? "Swapping… confirm in your wallet, then wait until it is mined."
            : ""}
      </p>
      {needsApproval ? (
        <button
          type="button"
          className="fw-button"
          onClick={() => void steps.approve()}
          disabled={busy}
          aria-busy={busy}
        >
          {status === "approving" ? `Approving ${from.symbol}…` : `Approve ${from.symbol}`}
        </button>
      ) : (
        <button
          type="button"
          className="fw-button"
          onClick={() => void steps.swap()}
          disabled={busy || !quote.data || (!isNative && allowance.data === undefined)}
          aria-busy={busy}
        >
          {status === "swapping" ? "Swapping…" : "Swap"}
        </button>
      )}
      <button
        type="button"
        className="fw-button fw-button-secondary"
        onClick={() => core.router.goBack()}
        disabled={busy}
      >
        Edit
      </button>
    </div>
  );
}

/**
 * The review's two steps, sent with wagmi and waited for: "Approve {symbol}" (exactly this swap's amount), then
 * "Swap" (checked against the review before it is sent). Their status and failure go to the view's state setters.
 */
function useSwapSteps(p: {
  setStatus: (status: Status) => void;
  setError: (error: string | undefined) => void;
  quote: UseQueryResult<SwapQuote>;
  allowance: UseQueryResult<bigint>;
  isNative: boolean;
}) {
  const runtime = useWalletRuntime();
  const { core } = runtime;
  const config = useConfig();
  const queryClient = useQueryClient();
  const store = swapStoreOf(core);
  const client = useSwapClient();
  const { address, chainId } = useWalletAccount();
  const { setStatus, setError, quote, allowance } = p;
  const sender: SwapSender = {
    sendTransaction: (tx) => sendTransaction(config, { ...tx, chainId: chainId as number }),
    waitForReceipt: (hash) => waitForTransactionReceipt(config, { hash, chainId: chainId as number }),
  };
  const reviewed = () => {
    const { from, to, amount: typed, slippage } = store.getState();
    const amount = from ? parseAmount(typed, from.decimals) : undefined;
    if (!client || !from || !to || !amount || !address) return undefined;
    return { client, from, to, amount, slippage, address: address as Address };
  };

  const approve = async () => {
    const r = reviewed();
    if (!r) return;
    setError(undefined);
    setStatus("approving");
    try {
      // The spec's payload (userAddress, from, to) plus this swap's amount: the router may move exactly what this
      // swap needs, never an unlimited allowance a compromised router could drain later.
      const tx = await r.client.buildApprove({
        userAddress: r.address,
        from: r.from.address,
        to: r.to.address,
        amount: r.amount.toString(),
      });
      await sendBuiltTransaction(tx, sender);
      await allowance.refetch();
    } catch (e) {
      setError(swapErrorText(e));
    } finally {
      setStatus("idle");
    }
  };

  const swap = async () => {
    const r = reviewed();
    const quoted = quote.data;
    if (!r || !quoted) return;
    setError(undefined);
    setStatus("swapping");
    try {
      const tx = await r.client.buildTransaction({
        amount: r.amount.toString(),
        from: r.from.address,
        to: r.to.address,
        userAddress: r.address,
        slippage: r.slippage,
      });
      // The API quotes afresh: never send a swap that promises less than the minimum shown here.
      const refused = checkBuiltSwap(tx, {
        amount: r.amount,
        minimum: minimumReceived(BigInt(quoted.toAmount), r.slippage),
        userAddress: r.address,
        native: p.isNative,
      });
      if (refused) {
        setError(refused);
        setStatus("idle");
        if (refused === PRICE_MOVED) void quote.refetch();
        return;
      }
      await sendBuiltTransaction(tx, sender);
      const text = swappedText({ fromAmount: r.amount, from: r.from, toAmount: quoted.toAmount, to: r.to });
      runtime.balances.invalidate();
      void queryClient.invalidateQueries({ queryKey: ["fundament.wallet"] });
      store.reset();
      core.toasts.show(text, "success");
      core.router.reset("Account");
    } catch (e) {
      const sentence = swapErrorText(e);
      // A swap that was sent and reverted still spent gas: the balances are read again.
      runtime.balances.invalidate();
      void queryClient.invalidateQueries({ queryKey: ["fundament.wallet", "tokenBalances"] });
      setError(sentence);
      setStatus("idle");
      // Show the new price, so the person can review it and try again.
      if (sentence === PRICE_MOVED) void quote.refetch();
    }
  };
  return { approve, swap };
}
