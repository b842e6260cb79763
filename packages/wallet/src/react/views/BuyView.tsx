import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import type { Address } from "viem";
import { useConfig } from "wagmi";
import { getClient } from "wagmi/actions";
import { ApiError } from "../../core/errors.js";
import { formatAmount, formatNumeric } from "../../core/format.js";
import { errorText } from "../../features/connect/errors.js";
import {
  createOnrampClient,
  type OnrampClient,
  type OnrampOptions,
  type OnrampQuote,
} from "../../features/onramp/createOnrampClient.js";
import {
  ESTIMATE_LABEL,
  estimateOnrampQuote,
  estimatePriceUsd,
  type OnrampEstimate,
} from "../../features/onramp/estimateOnrampQuote.js";
import {
  checkFiatAmount,
  formatFiat,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "../../features/onramp/onrampLimits.js";
import {
  defaultOnrampOptions,
  type OnrampDefaultToken,
  type OnrampPurchaseOption,
  paymentMethodLimit,
  purchaseOptionsOn,
} from "../../features/onramp/onrampOptions.js";
import { type RawTokenBalance, readTokenBalance } from "../../features/onramp/readTokenBalance.js";
import { useWalletRuntime } from "../context.js";
import { useTokenBalances } from "../hooks/useTokenBalances.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";

/** How long typing pauses before a quote is asked. */
export const BUY_QUOTE_DEBOUNCE_MS = 400;
/** How often the balance is read while a purchase is awaited. */
export const BUY_POLL_MS = 2_000;
/** The waiting state's title. */
export const WAITING_FOR_PURCHASE = "Waiting for your purchase…";
/** Shown above the form when `/v1/onramp/options` failed and the built-in defaults are used. */
export const USING_DEFAULT_OPTIONS = "The provider's options are unavailable: showing the default tokens and limits.";
/** Shown when nothing can be bought on the connected chain. */
export const BUY_NOT_AVAILABLE = "Buying is not available on this network.";

/** The success state's title: '100 mUSDC arrived'. */
export function purchaseArrived(amount: string, symbol: string): string {
  return `${amount} ${symbol} arrived`;
}

/** A quote of the provider, or the wallet's own estimate. */
type BuyQuote = OnrampQuote | OnrampEstimate;

type Checkout = { url: string; baseline: bigint; symbol: string; contract: string };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The on-ramp client of this runtime (undefined without `apiUrl`). */
function useOnrampClient(): OnrampClient | undefined {
  const { apiUrl, fetch } = useWalletRuntime().config;
  return useMemo(() => (apiUrl ? createOnrampClient({ apiUrl, fetch }) : undefined), [apiUrl, fetch]);
}

/** The token Buy was opened for (`{ symbol }` in the view data, e.g. Swap's "Buy ETH"), read once. */
function useRequestedSymbol(): string | undefined {
  const { core } = useWalletRuntime();
  const [symbol] = useState(() => {
    const data = core.router.getState().data;
    return typeof data?.symbol === "string" ? data.symbol : undefined;
  });
  return symbol;
}

/**
 * Buy (the on-ramp): pick a token of the connected chain, an amount in USD or EUR and card or bank transfer; the
 * limits are checked before a quote is asked; the quote (or, when the provider's fails, a marked estimate) shows
 * what you get, the fees and the total. "Continue to checkout" opens the provider's page in a new tab and waits,
 * reading the balance every 2 s, until the tokens arrive.
 */
export function BuyView() {
  const runtime = useWalletRuntime();
  const { core } = runtime;
  const apiUrl = runtime.config.apiUrl;
  const wagmiConfig = useConfig();
  const queryClient = useQueryClient();
  const { address, chainId } = useWalletAccount();
  const chain = wagmiConfig.chains.find((c) => c.id === chainId);
  const balances = useTokenBalances();
  const client = useOnrampClient();
  const ids = { token: useId(), amount: useId(), currency: useId(), error: useId(), method: useId() };

  const options = useQuery({
    queryKey: ["fundament.wallet", "onrampOptions", apiUrl ?? null],
    enabled: Boolean(client),
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => (client as OnrampClient).options(),
  });
  // The spec's fallback: the wallet's defaults (configured tokens and the native token, USD/EUR with its limits).
  const defaultTokens = useMemo<OnrampDefaultToken[]>(() => {
    if (!chain) return [];
    const known = balances.data ?? [];
    const configured = (runtime.config.tokens?.[chain.id] ?? []).flatMap((t) => {
      const balance = known.find((b) => b.address?.toLowerCase().endsWith(t.address.toLowerCase()));
      const symbol = t.symbol ?? balance?.symbol;
      return symbol ? [{ symbol, name: t.name ?? balance?.name, address: t.address }] : [];
    });
    return [...configured, { symbol: chain.nativeCurrency.symbol, name: chain.nativeCurrency.name }];
  }, [chain, balances.data, runtime.config.tokens]);
  const usingDefaults = options.isError;
  const effective: OnrampOptions | undefined = useMemo(
    () =>
      options.data ??
      (options.isError && chain
        ? defaultOnrampOptions({ chainId: chain.id, chainName: chain.name, tokens: defaultTokens })
        : undefined),
    [options.data, options.isError, chain, defaultTokens],
  );
  const purchases = useMemo(
    () => (effective && chainId !== undefined ? purchaseOptionsOn(effective, chainId) : []),
    [effective, chainId],
  );

  const [assetId, setAssetId] = useState<string | undefined>(undefined);
  const [currency, setCurrency] = useState("USD");
  const [method, setMethod] = useState<PaymentMethod>("CARD");
  const [amount, setAmount] = useState("");
  const [checkoutError, setCheckoutError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [checkout, setCheckout] = useState<Checkout | undefined>(undefined);

  const requested = useRequestedSymbol();
  const purchase: OnrampPurchaseOption | undefined =
    purchases.find((o) => o.currency.id === assetId) ??
    purchases.find((o) => o.currency.symbol === requested) ??
    purchases[0];
  const currencies = effective?.paymentCurrencies.map((c) => c.id) ?? [];
  const methods = PAYMENT_METHODS.filter((m) => paymentMethodLimit(effective, currency, m));
  const limit = paymentMethodLimit(effective, currency, method);
  const debouncedAmount = useDebounced(amount.trim(), BUY_QUOTE_DEBOUNCE_MS);
  const typedError = amount.trim() === "" ? undefined : checkFiatAmount({ amount, currency, limit });
  const askable = debouncedAmount !== "" && checkFiatAmount({ amount: debouncedAmount, currency, limit }) === undefined;

  const contract = purchase?.network.contract_address ?? "";
  const tokenBalance = useQuery<RawTokenBalance>({
    queryKey: ["fundament.wallet", "onrampBalance", chainId ?? null, address ?? null, contract],
    enabled: Boolean(address && chain && purchase),
    retry: false,
    staleTime: 0,
    refetchInterval: checkout ? BUY_POLL_MS : false,
    queryFn: () => {
      const viemClient = getClient(wagmiConfig, { chainId: chain?.id as number });
      if (!viemClient) throw new Error("No client for this chain");
      return readTokenBalance({ client: viemClient, account: address as Address, contract });
    },
  });

  const quote = useQuery<BuyQuote>({
    queryKey: [
      "fundament.wallet",
      "onrampQuote",
      apiUrl ?? null,
      purchase?.currency.id ?? null,
      purchase?.network.name ?? null,
      currency,
      method,
      debouncedAmount,
    ],
    enabled: Boolean(client && purchase && askable && !checkout),
    staleTime: 60_000,
    retry: false,
    queryFn: async () => {
      const p = purchase as OnrampPurchaseOption;
      try {
        return await (client as OnrampClient).quote({
          purchaseCurrency: p.currency.id,
          paymentCurrency: currency,
          amount: debouncedAmount,
          network: p.network.name,
          paymentMethod: method,
        });
      } catch (error) {
        // A 400 is the provider's answer (limits, currency not offered); anything else falls back to an estimate.
        if (error instanceof ApiError && error.status === 400) throw error;
        const priceUsd = await estimatePriceUsd({
          apiUrl: apiUrl as string,
          chainId: chainId as number,
          address: p.network.contract_address,
          symbol: p.currency.symbol,
          fetch: runtime.config.fetch,
        }).catch(() => {
          throw error;
        });
        const decimals = tokenBalance.data?.decimals ?? (p.network.contract_address ? 6 : 18);
        return estimateOnrampQuote({
          amount: debouncedAmount,
          paymentCurrency: currency,
          paymentMethod: method,
          purchase: { symbol: p.currency.symbol, decimals },
          priceUsd,
        });
      }
    },
  });

  // While waiting: every 2 s the token balances are read again (the wallet's cache dropped), so the Account view
  // shows the purchase too.
  useEffect(() => {
    if (!checkout || !address || !chain) return;
    const timer = setInterval(() => {
      runtime.balances.invalidate(`${chain.id}:${address}`);
      void queryClient.invalidateQueries({ queryKey: ["fundament.wallet", "tokenBalances"] });
    }, BUY_POLL_MS);
    return () => clearInterval(timer);
  }, [checkout, address, chain, runtime.balances, queryClient]);

  if (!client) return <p className="fw-muted">{BUY_NOT_AVAILABLE}</p>;
  if (!address) return <p className="fw-muted">Not connected.</p>;
  if (!chain) return <p className="fw-muted">{BUY_NOT_AVAILABLE}</p>;

  if (checkout) {
    const now = tokenBalance.data;
    const risen = now && now.raw > checkout.baseline ? now.raw - checkout.baseline : undefined;
    if (risen !== undefined && now) {
      return (
        <div className="fw-stack fw-center" role="status">
          <p className="fw-subtitle fw-success" data-testid="buy-arrived">
            {purchaseArrived(formatAmount(risen, now.decimals, undefined, 6), checkout.symbol)}
          </p>
          <p className="fw-muted">The tokens are in your account.</p>
          <button type="button" className="fw-button" onClick={() => core.router.reset("Account")}>
            Done
          </button>
        </div>
      );
    }
    return (
      <div className="fw-stack fw-center" aria-busy="true">
        <span className="fw-spinner" aria-hidden="true" />
        <p className="fw-subtitle" role="status">
          {WAITING_FOR_PURCHASE}
        </p>
        <p className="fw-muted">
          Finish the payment in the checkout tab. Your {checkout.symbol} balance is checked every 2 seconds.
        </p>
        <p className="fw-muted">
          Checkout did not open?{" "}
          <a href={checkout.url} target="_blank" rel="noopener noreferrer" data-testid="buy-checkout-link">
            Open the checkout
          </a>
        </p>
        <button type="button" className="fw-button fw-button-secondary" onClick={() => setCheckout(undefined)}>
          Back
        </button>
      </div>
    );
  }

  if (options.isLoading) {
    return (
      <p className="fw-muted" aria-busy="true">
        Loading…
      </p>
    );
  }
  if (!purchase) {
    return (
      <div className="fw-stack">
        {usingDefaults ? <p className="fw-muted">{USING_DEFAULT_OPTIONS}</p> : null}
        <p className="fw-muted">{BUY_NOT_AVAILABLE}</p>
      </div>
    );
  }

  const q = quote.data;
  const isEstimate = Boolean(q && "estimate" in q);
  const settled = debouncedAmount === amount.trim() && askable;
  const error = typedError ?? (quote.isError && settled ? errorText(quote.error) : undefined) ?? checkoutError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!q || !settled || typedError || busy) return;
    setBusy(true);
    setCheckoutError(undefined);
    try {
      const before = await tokenBalance.refetch();
      if (!before.data) throw before.error ?? new Error("Balance unavailable");
      const url = await client.url({
        destinationWallets: [{ address, blockchains: [purchase.network.name], assets: [purchase.currency.id] }],
        defaultNetwork: purchase.network.name,
        partnerUserId: address,
        defaultExperience: "buy",
        presetFiatAmount: Number(debouncedAmount),
        quoteId: q.quoteId || undefined,
        paymentCurrency: currency,
        paymentMethod: method,
      });
      window.open(url, "_blank", "noopener");
      setCheckout({ url, baseline: before.data.raw, symbol: purchase.currency.symbol, contract });
    } catch (e) {
      setCheckoutError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="fw-stack" onSubmit={submit} noValidate>
      {usingDefaults ? (
        <p className="fw-muted" data-testid="buy-defaults">
          {USING_DEFAULT_OPTIONS}
        </p>
      ) : null}
      <div className="fw-field">
        <label htmlFor={ids.token}>Token</label>
        <select
          id={ids.token}
          className="fw-select"
          value={purchase.currency.id}
          onChange={(e) => setAssetId(e.target.value)}
        >
          {purchases.map((o) => (
            <option key={o.currency.id} value={o.currency.id}>
              {o.currency.symbol}
              {o.currency.name && o.currency.name !== o.currency.symbol ? ` — ${o.currency.name}` : ""}
            </option>
          ))}
        </select>
      </div>
      <div className="fw-row">
        <div className="fw-field">
          <label htmlFor={ids.amount}>Amount</label>
          <input
            id={ids.amount}
            className="fw-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="100.00"
            value={amount}
            aria-invalid={typedError ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            onChange={(e) => {
              setAmount(e.target.value);
              setCheckoutError(undefined);
            }}
          />
        </div>
        <div className="fw-field">
          <label htmlFor={ids.currency}>Currency</label>
          <select
            id={ids.currency}
            className="fw-select"
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="fw-buy-methods">
        <legend>Payment method</legend>
        {methods.map((m) => (
          <label key={m} className="fw-radio">
            <input type="radio" name={ids.method} value={m} checked={method === m} onChange={() => setMethod(m)} />{" "}
            {PAYMENT_METHOD_LABELS[m]}
          </label>
        ))}
      </fieldset>
      <section aria-label="Quote" aria-live="polite" aria-busy={quote.isFetching}>
        {q && settled ? (
          <>
            {isEstimate ? (
              <p className="fw-muted" data-testid="buy-estimate">
                {ESTIMATE_LABEL}
              </p>
            ) : null}
            <dl className="fw-buy-details">
              <dt>You get</dt>
              <dd data-testid="buy-you-get">
                {isEstimate ? "≈ " : ""}
                {formatNumeric(q.purchaseAmount.amount, 6)} {q.purchaseAmount.currency}
              </dd>
              <dt>Network fee</dt>
              <dd data-testid="buy-network-fee">
                {q.networkFee.amount ? `${formatFiat(q.networkFee.amount)} ${q.networkFee.currency}` : "—"}
              </dd>
              <dt>Provider fee</dt>
              <dd data-testid="buy-provider-fee">
                {formatFiat(q.coinbaseFee.amount)} {q.coinbaseFee.currency}
              </dd>
              <dt>Total</dt>
              <dd data-testid="buy-total">
                {formatFiat(q.paymentTotal.amount)} {q.paymentTotal.currency}
              </dd>
            </dl>
          </>
        ) : null}
        {(quote.isFetching || (amount.trim() !== debouncedAmount && !typedError)) && amount.trim() !== "" ? (
          <p className="fw-muted">Getting a quote…</p>
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
        disabled={!q || !settled || Boolean(typedError) || quote.isFetching || busy}
      >
        {busy ? "Opening checkout…" : "Continue to checkout"}
      </button>
    </form>
  );
}
