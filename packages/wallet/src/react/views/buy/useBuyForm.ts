import { useEffect, useState } from "react";
import type { OnrampOptions } from "../../../features/onramp/createOnrampClient.js";
import { checkFiatAmount, PAYMENT_METHODS, type PaymentMethod } from "../../../features/onramp/onrampLimits.js";
import { type OnrampPurchaseOption, paymentMethodLimit } from "../../../features/onramp/onrampOptions.js";
import { useWalletRuntime } from "../../context.js";
import { BUY_QUOTE_DEBOUNCE_MS } from "./buyTexts.js";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
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

/** The amount step's choices (token, amount, currency, payment method) and what follows from them. */
export function useBuyForm(effective: OnrampOptions | undefined, purchases: OnrampPurchaseOption[]) {
  const [assetId, setAssetId] = useState<string | undefined>(undefined);
  const [currency, setCurrency] = useState("USD");
  const [method, setMethod] = useState<PaymentMethod>("CARD");
  const [amount, setAmount] = useState("");

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

  return {
    purchase,
    setAssetId,
    currency,
    setCurrency,
    currencies,
    method,
    setMethod,
    methods,
    amount,
    setAmount,
    debouncedAmount,
    typedError,
    askable,
  };
}

export type BuyForm = ReturnType<typeof useBuyForm>;
