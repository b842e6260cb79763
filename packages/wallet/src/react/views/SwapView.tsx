import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { formatGwei, parseUnits } from "viem";
import { BALANCE_CACHE_MS } from "../../core/constants.js";
import { formatNumeric } from "../../core/format.js";
import { messages } from "../../core/messages.js";
import type { SwapClient, SwapToken } from "../../features/swap/createSwapClient.js";
import { swapStoreOf } from "../../features/swap/createSwapStore.js";
import { swapErrorText } from "../../features/swap/executeSwap.js";
import {
  formatTokenAmount,
  isValidSlippage,
  parseAmount,
  SLIPPAGE_OUT_OF_RANGE,
  SLIPPAGE_PRESETS,
} from "../../features/swap/swapMath.js";
import { QuoteDetails } from "../components/QuoteDetails.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { swapQuoteQuery, useSwapSupport } from "../hooks/useSwapSupport.js";
import { useTokenBalances } from "../hooks/useTokenBalances.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";

/** How long typing pauses before a quote is asked. */
export const QUOTE_DEBOUNCE_MS = 400;
/** Leaves this much of the native token for gas when "Max" is pressed on it. */
export const NATIVE_GAS_RESERVE = "0.01";

// Shared with the Account and Swap review views from their own modules (so this view stays a lazy chunk); still
// exported here as before.
export { HIGH_PRICE_IMPACT, QuoteDetails } from "../components/QuoteDetails.js";
export { swapQuoteQuery, useSwapClient, useSwapSupport } from "../hooks/useSwapSupport.js";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The swap form: from/to tokens, amount (with Max), a live quote, slippage, network fee; then Review swap. */
export function SwapView() {
  const runtime = useWalletRuntime();
  const { core } = runtime;
  const store = swapStoreOf(core);
  const form = useStore(store);
  const { address, chainId } = useWalletAccount();
  const { client, supported, chainsError, tokens } = useSwapSupport(chainId);
  const balances = useTokenBalances();
  const ids = {
    from: useId(),
    to: useId(),
    amount: useId(),
    slippage: useId(),
    error: useId(),
  };
  const [customOpen, setCustomOpen] = useState(
    !(SLIPPAGE_PRESETS as readonly string[]).includes(store.getState().slippage),
  );
  const [customSlippage, setCustomSlippage] = useState(store.getState().slippage);

  const list = tokens.data ?? [];
  // Default pair: the first two tokens (native ETH, then the investment token).
  useEffect(() => {
    const s = store.getState();
    const known = (t: SwapToken | undefined) => t && list.some((l) => l.address === t.address);
    if (list.length >= 2 && (!known(s.from) || !known(s.to))) store.setState({ from: list[0], to: list[1] });
  }, [list, store]);
  const from = form.from;
  const to = form.to;
  const gasPrice = useQuery({
    queryKey: ["fundament.wallet", "swapGasPrice", runtime.config.apiUrl ?? null, chainId ?? null],
    enabled: Boolean(client && supported && chainId),
    staleTime: BALANCE_CACHE_MS,
    retry: false,
    queryFn: () => (client as SwapClient).gasPrice(chainId as number),
  });

  const amountText = useDebounced(form.amount, QUOTE_DEBOUNCE_MS);
  const amount = from ? parseAmount(amountText, from.decimals) : undefined;
  const amountInvalid = form.amount.trim() !== "" && from !== undefined && !parseAmount(form.amount, from.decimals);
  const quote = useQuery(
    swapQuoteQuery({ client, apiUrl: runtime.config.apiUrl, from, to, amount, userAddress: address }),
  );
  const slippageValid = isValidSlippage(form.slippage);
  const balanceOf = (t: SwapToken | undefined) =>
    t
      ? balances.data?.find((b) =>
          b.address
            ? b.address.toLowerCase() === t.address.toLowerCase()
            : t.address.toLowerCase().endsWith(":0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"),
        )
      : undefined;
  const fromBalance = balanceOf(from);
  const exceeds =
    amount !== undefined && from && fromBalance
      ? amount > parseUnits(fromBalance.quantity.numeric, from.decimals)
      : false;

  if (!runtime.config.apiUrl || supported === false) {
    return (
      <div className="fw-stack">
        <p className="fw-error" role="alert">
          {messages.networkNotSupportedForSwaps}
        </p>
      </div>
    );
  }
  if (chainsError) {
    return (
      <div className="fw-stack">
        <p className="fw-error" role="alert">
          {swapErrorText(chainsError)}
        </p>
      </div>
    );
  }
  if (supported === undefined || tokens.isLoading) {
    return (
      <p className="fw-muted" aria-busy="true">
        Loading…
      </p>
    );
  }
  if (tokens.isError) {
    return (
      <p className="fw-error" role="alert">
        {swapErrorText(tokens.error)}
      </p>
    );
  }

  const pick = (side: "from" | "to", tokenAddress: string) => {
    const token = list.find((t) => t.address === tokenAddress);
    if (!token) return;
    const other = side === "from" ? to : from;
    // Picking the other side's token flips the pair.
    if (other && other.address === token.address) store.setState({ from: to, to: from });
    else store.setState({ [side]: token });
  };
  const setMax = () => {
    if (!from || !fromBalance) return;
    const whole = parseUnits(fromBalance.quantity.numeric, from.decimals);
    const isNative = !fromBalance.address;
    const reserve = isNative ? parseUnits(NATIVE_GAS_RESERVE, from.decimals) : 0n;
    const max = whole > reserve ? whole - reserve : 0n;
    store.setState({ amount: formatTokenAmount(max, from.decimals, from.decimals).replaceAll(",", "") });
  };
  const chooseSlippage = (value: string) => {
    setCustomOpen(false);
    store.setState({ slippage: value });
  };
  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!quote.data || !slippageValid || exceeds) return;
    core.router.push("SwapPreview");
  };

  const q = quote.data;
  const error = amountInvalid
    ? "Enter a valid amount"
    : exceeds
      ? "Amount exceeds your balance"
      : quote.isError
        ? swapErrorText(quote.error)
        : undefined;
  return (
    <form className="fw-stack" onSubmit={review} noValidate>
      <div className="fw-field">
        <label htmlFor={ids.from}>From</label>
        <select
          id={ids.from}
          className="fw-select"
          value={from?.address ?? ""}
          onChange={(e) => pick("from", e.target.value)}
        >
          {list.map((t) => (
            <option key={t.address} value={t.address}>
              {t.symbol}
            </option>
          ))}
        </select>
      </div>
      <div className="fw-field">
        <label htmlFor={ids.amount}>Amount</label>
        <div className="fw-swap-amount">
          <input
            id={ids.amount}
            className="fw-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={form.amount}
            aria-invalid={error && !quote.isError ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            onChange={(e) => store.setState({ amount: e.target.value })}
          />
          <button type="button" className="fw-button fw-button-secondary" onClick={setMax} disabled={!fromBalance}>
            Max
          </button>
        </div>
        {fromBalance ? (
          <p className="fw-muted" data-testid="swap-from-balance">
            Balance: {formatNumeric(fromBalance.quantity.numeric)} {from?.symbol}
          </p>
        ) : null}
      </div>
      <div className="fw-field">
        <label htmlFor={ids.to}>To</label>
        <select
          id={ids.to}
          className="fw-select"
          value={to?.address ?? ""}
          onChange={(e) => pick("to", e.target.value)}
        >
          {list.map((t) => (
            <option key={t.address} value={t.address}>
              {t.symbol}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="fw-swap-slippage">
        <legend>Slippage tolerance</legend>
        <div className="fw-swap-presets">
          {SLIPPAGE_PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              className="fw-chip"
              aria-pressed={!customOpen && form.slippage === p}
              onClick={() => chooseSlippage(p)}
            >
              {p} %
            </button>
          ))}
          <button
            type="button"
            className="fw-chip"
            aria-pressed={customOpen}
            onClick={() => {
              setCustomOpen(true);
              store.setState({ slippage: customSlippage });
            }}
          >
            Custom
          </button>
        </div>
        {customOpen ? (
          <div className="fw-field">
            <label htmlFor={ids.slippage}>Custom slippage (%)</label>
            <input
              id={ids.slippage}
              className="fw-input"
              inputMode="decimal"
              autoComplete="off"
              value={customSlippage}
              aria-invalid={slippageValid ? undefined : true}
              onChange={(e) => {
                setCustomSlippage(e.target.value);
                store.setState({ slippage: e.target.value });
              }}
            />
          </div>
        ) : null}
        {slippageValid ? null : (
          <p className="fw-error" role="alert">
            {SLIPPAGE_OUT_OF_RANGE}
          </p>
        )}
      </fieldset>
      <section className="fw-swap-quote" aria-label="Quote" aria-live="polite" aria-busy={quote.isFetching}>
        {q && from && to ? <QuoteDetails quote={q} from={from} to={to} slippage={form.slippage} /> : null}
        {quote.isFetching && !q ? <p className="fw-muted">Getting a quote…</p> : null}
        {gasPrice.data ? (
          <p className="fw-muted" data-testid="swap-gas-price">
            Network fee: {formatNumeric(formatGwei(BigInt(gasPrice.data.standard)), 2)} gwei
          </p>
        ) : gasPrice.isError ? (
          <p className="fw-muted" data-testid="swap-gas-price">
            {swapErrorText(gasPrice.error)}
          </p>
        ) : null}
      </section>
      {error ? (
        <p id={ids.error} className="fw-error fw-wrap" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="fw-button"
        disabled={!q || !slippageValid || exceeds || amountInvalid || quote.isFetching}
      >
        Review swap
      </button>
    </form>
  );
}
