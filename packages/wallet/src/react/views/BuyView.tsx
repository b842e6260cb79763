import type { QueryObserverResult } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import type { Address } from "viem";
import { useConfig } from "wagmi";
import { errorText } from "../../features/connect/errors.js";
import type { OnrampClient } from "../../features/onramp/createOnrampClient.js";
import type { PaymentMethod } from "../../features/onramp/onrampLimits.js";
import type { OnrampPurchaseOption } from "../../features/onramp/onrampOptions.js";
import type { RawTokenBalance } from "../../features/onramp/readTokenBalance.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";
import { BuyCheckoutState } from "./buy/BuyCheckoutState.js";
import { AmountFields, PaymentMethodField, TokenField } from "./buy/BuyFields.js";
import { BuyQuoteSection } from "./buy/BuyQuoteSection.js";
import { BUY_NOT_AVAILABLE, type BuyQuote, type Checkout, USING_DEFAULT_OPTIONS } from "./buy/buyTexts.js";
import { useBuyForm } from "./buy/useBuyForm.js";
import { useBuyOptions, useOnrampClient } from "./buy/useBuyOptions.js";
import { useBuyQuote } from "./buy/useBuyQuote.js";
import { useBalancesRefreshWhileWaiting, usePurchaseBalance } from "./buy/usePurchaseBalance.js";

export {
  BUY_NOT_AVAILABLE,
  BUY_POLL_MS,
  BUY_QUOTE_DEBOUNCE_MS,
  purchaseArrived,
  USING_DEFAULT_OPTIONS,
  WAITING_FOR_PURCHASE,
} from "./buy/buyTexts.js";

type OpenCheckoutParameters = {
  client: OnrampClient;
  address: Address;
  purchase: OnrampPurchaseOption;
  quote: BuyQuote;
  amount: string;
  currency: string;
  method: PaymentMethod;
  contract: string;
  refetchBalance: () => Promise<QueryObserverResult<RawTokenBalance>>;
};

/** Reads the balance before, asks the provider's checkout URL and opens it in a new tab. */
async function openCheckout(p: OpenCheckoutParameters): Promise<Checkout> {
  const { address, purchase } = p;
  const before = await p.refetchBalance();
  if (!before.data) throw before.error ?? new Error("Balance unavailable");
  const url = await p.client.url({
    destinationWallets: [{ address, blockchains: [purchase.network.name], assets: [purchase.currency.id] }],
    defaultNetwork: purchase.network.name,
    partnerUserId: address,
    defaultExperience: "buy",
    presetFiatAmount: Number(p.amount),
    quoteId: p.quote.quoteId || undefined,
    paymentCurrency: p.currency,
    paymentMethod: p.method,
  });
  window.open(url, "_blank", "noopener");
  return { url, baseline: before.data.raw, symbol: purchase.currency.symbol, contract: p.contract };
}

/** No purchase option on the connected chain (with the defaults' notice when the provider's options failed). */
function NothingToBuy({ usingDefaults }: { usingDefaults: boolean }) {
  return (
    <div className="fw-stack">
      {usingDefaults ? <p className="fw-muted">{USING_DEFAULT_OPTIONS}</p> : null}
      <p className="fw-muted">{BUY_NOT_AVAILABLE}</p>
    </div>
  );
}

/**
 * Buy (the on-ramp): pick a token of the connected chain, an amount in USD or EUR and card or bank transfer; the
 * limits are checked before a quote is asked; the quote (or, when the provider's fails, a marked estimate) shows
 * what you get, the fees and the total. "Continue to checkout" opens the provider's page in a new tab and waits,
 * reading the balance every 2 s, until the tokens arrive.
 */
export function BuyView() {
  const wagmiConfig = useConfig();
  const { address, chainId } = useWalletAccount();
  const chain = wagmiConfig.chains.find((c) => c.id === chainId);
  const client = useOnrampClient();
  const ids = { token: useId(), amount: useId(), currency: useId(), error: useId(), method: useId() };

  const { isLoading, usingDefaults, effective, purchases } = useBuyOptions(client, chain, chainId);
  const form = useBuyForm(effective, purchases);
  const { purchase, amount, debouncedAmount, typedError, askable, currency, method } = form;
  const [checkoutError, setCheckoutError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [checkout, setCheckout] = useState<Checkout | undefined>(undefined);

  const { tokenBalance, contract } = usePurchaseBalance({ address, chain, chainId, purchase, checkout });
  const quote = useBuyQuote({
    client,
    purchase,
    currency,
    method,
    debouncedAmount,
    enabled: askable && !checkout,
    chainId,
    decimals: tokenBalance.data?.decimals,
  });
  useBalancesRefreshWhileWaiting(checkout, address, chain);

  if (!client) return <p className="fw-muted">{BUY_NOT_AVAILABLE}</p>;
  if (!address) return <p className="fw-muted">Not connected.</p>;
  if (!chain) return <p className="fw-muted">{BUY_NOT_AVAILABLE}</p>;

  if (checkout) {
    return <BuyCheckoutState checkout={checkout} balance={tokenBalance.data} onBack={() => setCheckout(undefined)} />;
  }

  if (isLoading) {
    return (
      <p className="fw-muted" aria-busy="true">
        Loading…
      </p>
    );
  }
  if (!purchase) return <NothingToBuy usingDefaults={usingDefaults} />;

  const q = quote.data;
  const settled = debouncedAmount === amount.trim() && askable;
  const error = typedError ?? (quote.isError && settled ? errorText(quote.error) : undefined) ?? checkoutError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!q || !settled || typedError || busy) return;
    setBusy(true);
    setCheckoutError(undefined);
    try {
      const opened = await openCheckout({
        client,
        address,
        purchase,
        quote: q,
        amount: debouncedAmount,
        currency,
        method,
        contract,
        refetchBalance: () => tokenBalance.refetch(),
      });
      setCheckout(opened);
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
      <TokenField id={ids.token} purchase={purchase} purchases={purchases} onChange={form.setAssetId} />
      <AmountFields
        ids={ids}
        amount={amount}
        invalid={Boolean(typedError)}
        described={Boolean(error)}
        onAmountChange={(value) => {
          form.setAmount(value);
          setCheckoutError(undefined);
        }}
        currency={currency}
        currencies={form.currencies}
        onCurrencyChange={form.setCurrency}
      />
      <PaymentMethodField name={ids.method} method={method} methods={form.methods} onChange={form.setMethod} />
      <BuyQuoteSection
        quote={q && settled ? q : undefined}
        fetching={quote.isFetching}
        pending={(quote.isFetching || (amount.trim() !== debouncedAmount && !typedError)) && amount.trim() !== ""}
      />
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
