import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { formatGwei, parseUnits } from "viem";
import { BALANCE_CACHE_MS } from "../../core/constants.js";
import { formatNumeric } from "../../core/format.js";
import { messages } from "../../core/messages.js";
import type { PricedTokenBalance } from "../../features/prices/applyPrices.js";
import {
  isNativeSwapToken,
  type SwapClient,
  type SwapGasPrice,
  type SwapQuote,
  type SwapToken,
} from "../../features/swap/createSwapClient.js";
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
import { SwapGasNotice, useSwapGasShortfall } from "../components/SwapGasNotice.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { swapQuoteQuery, useSwapClient, useSwapSupport } from "../hooks/useSwapSupport.js";
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

/** The Swap view: the form, or why swaps cannot be offered here (no API, chain not listed, tokens not loaded). */
export function SwapView() {
  const runtime = useWalletRuntime();
  const { chainId } = useWalletAccount();
  const { supported, chainsError, tokens } = useSwapSupport(chainId);
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
  return <SwapForm list={tokens.data ?? []} />;
}

/**
 * The swap form: from/to tokens, amount (with Max), a live quote, slippage, network fee; then Review swap. An
 * account that cannot pay the network fee is told so here, with "Buy ETH", instead of going to Review.
 */
function SwapForm({ list }: { list: SwapToken[] }) {
  const runtime = useWalletRuntime();
  const { core } = runtime;
  const store = swapStoreOf(core);
  const form = useStore(store);
  const { address, chainId } = useWalletAccount();
  const client = useSwapClient();
  const balances = useTokenBalances();
  const ids = { from: useId(), to: useId(), amount: useId(), error: useId() };

  // Default pair: the first two tokens (native ETH, then the investment token).
  useEffect(() => {
    const s = store.getState();
    const known = (t: SwapToken | undefined) => t && list.some((l) => l.address === t.address);
    if (list.length >= 2 && (!known(s.from) || !known(s.to))) store.setState({ from: list[0], to: list[1] });
  }, [list, store]);
  const { from, to } = form;
  const gasPrice = useQuery({
    queryKey: ["fundament.wallet", "swapGasPrice", runtime.config.apiUrl ?? null, chainId ?? null],
    enabled: Boolean(client && chainId),
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
  const fromBalance = balanceOf(balances.data, from);
  const exceeds =
    amount !== undefined && from && fromBalance
      ? amount > parseUnits(fromBalance.quantity.numeric, from.decimals)
      : false;
  const shortfall = useSwapGasShortfall({ from, amount, gasPrice: gasPrice.data, balances: balances.data });

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
  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!quote.data || !slippageValid || exceeds || shortfall) return;
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
  // The fee is said once the amount is otherwise fine (a wrong amount is the first thing to fix).
  const gasShortfall = error ? undefined : shortfall;
  const described = error || gasShortfall ? ids.error : undefined;
  return (
    <form className="fw-stack" onSubmit={review} noValidate>
      <TokenSelect id={ids.from} label="From" list={list} value={from} onPick={(a) => pick("from", a)} />
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
            aria-describedby={described}
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
      <TokenSelect id={ids.to} label="To" list={list} value={to} onPick={(a) => pick("to", a)} />
      <SlippagePicker />
      <FormQuote quote={quote} gasPrice={gasPrice} slippage={form.slippage} from={from} to={to} />
      {error ? (
        <p id={ids.error} className="fw-error fw-wrap" role="alert">
          {error}
        </p>
      ) : gasShortfall ? (
        <SwapGasNotice id={ids.error} shortfall={gasShortfall} />
      ) : null}
      <button
        type="submit"
        className="fw-button"
        disabled={!q || !slippageValid || exceeds || amountInvalid || quote.isFetching || Boolean(gasShortfall)}
      >
        Review swap
      </button>
    </form>
  );
}

/** The live quote and the network's gas price, under the form. */
function FormQuote(p: {
  quote: UseQueryResult<SwapQuote>;
  gasPrice: UseQueryResult<SwapGasPrice>;
  slippage: string;
  from: SwapToken | undefined;
  to: SwapToken | undefined;
}) {
  const { quote, gasPrice, from, to } = p;
  const q = quote.data;
  return (
    <section className="fw-swap-quote" aria-label="Quote" aria-live="polite" aria-busy={quote.isFetching}>
      {q && from && to ? <QuoteDetails quote={q} from={from} to={to} slippage={p.slippage} /> : null}
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
  );
}

/** The balance of a swap token among the account's balances (the native one has no address). */
function balanceOf(balances: readonly PricedTokenBalance[] | undefined, token: SwapToken | undefined) {
  if (!token) return undefined;
  return balances?.find((b) =>
    b.address ? b.address.toLowerCase() === token.address.toLowerCase() : isNativeSwapToken(token),
  );
}

/** A labelled select of the swap's tokens. */
function TokenSelect(p: {
  id: string;
  label: string;
  list: readonly SwapToken[];
  value: SwapToken | undefined;
  onPick: (address: string) => void;
}) {
  return (
    <div className="fw-field">
      <label htmlFor={p.id}>{p.label}</label>
      <select id={p.id} className="fw-select" value={p.value?.address ?? ""} onChange={(e) => p.onPick(e.target.value)}>
        {p.list.map((t) => (
          <option key={t.address} value={t.address}>
            {t.symbol}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The slippage tolerance: the presets, or a custom percent (checked: 0.01–50). */
function SlippagePicker() {
  const { core } = useWalletRuntime();
  const store = swapStoreOf(core);
  const slippage = useStore(store, (s) => s.slippage);
  const id = useId();
  const [customOpen, setCustomOpen] = useState(
    !(SLIPPAGE_PRESETS as readonly string[]).includes(store.getState().slippage),
  );
  const [customSlippage, setCustomSlippage] = useState(store.getState().slippage);
  const valid = isValidSlippage(slippage);
  const choose = (value: string) => {
    setCustomOpen(false);
    store.setState({ slippage: value });
  };
  return (
    <fieldset className="fw-swap-slippage">
      <legend>Slippage tolerance</legend>
      <div className="fw-swap-presets">
        {SLIPPAGE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className="fw-chip"
            aria-pressed={!customOpen && slippage === p}
            onClick={() => choose(p)}
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
          <label htmlFor={id}>Custom slippage (%)</label>
          <input
            id={id}
            className="fw-input"
            inputMode="decimal"
            autoComplete="off"
            value={customSlippage}
            aria-invalid={valid ? undefined : true}
            onChange={(e) => {
              setCustomSlippage(e.target.value);
              store.setState({ slippage: e.target.value });
            }}
          />
        </div>
      ) : null}
      {valid ? null : (
        <p className="fw-error" role="alert">
          {SLIPPAGE_OUT_OF_RANGE}
        </p>
      )}
    </fieldset>
  );
}
