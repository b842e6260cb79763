import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../core/errors.js";
import type { OnrampClient } from "../../../features/onramp/createOnrampClient.js";
import { estimateOnrampQuote, estimatePriceUsd } from "../../../features/onramp/estimateOnrampQuote.js";
import type { PaymentMethod } from "../../../features/onramp/onrampLimits.js";
import type { OnrampPurchaseOption } from "../../../features/onramp/onrampOptions.js";
import { useWalletRuntime } from "../../context.js";
import type { BuyQuote } from "./buyTexts.js";

type AskBuyQuoteParameters = {
  client: OnrampClient;
  purchase: OnrampPurchaseOption;
  currency: string;
  method: PaymentMethod;
  amount: string;
  apiUrl: string;
  chainId: number;
  fetch: typeof globalThis.fetch | undefined;
  decimals: number | undefined;
};

/** The provider's quote; when it fails (other than a 400), the wallet's own estimate. */
async function askBuyQuote(p: AskBuyQuoteParameters): Promise<BuyQuote> {
  const { purchase, currency, method, amount } = p;
  try {
    return await p.client.quote({
      purchaseCurrency: purchase.currency.id,
      paymentCurrency: currency,
      amount,
      network: purchase.network.name,
      paymentMethod: method,
    });
  } catch (error) {
    // A 400 is the provider's answer (limits, currency not offered); anything else falls back to an estimate.
    if (error instanceof ApiError && error.status === 400) throw error;
    const priceUsd = await estimatePriceUsd({
      apiUrl: p.apiUrl,
      chainId: p.chainId,
      address: purchase.network.contract_address,
      symbol: purchase.currency.symbol,
      fetch: p.fetch,
    }).catch(() => {
      throw error;
    });
    const decimals = p.decimals ?? (purchase.network.contract_address ? 6 : 18);
    return estimateOnrampQuote({
      amount,
      paymentCurrency: currency,
      paymentMethod: method,
      purchase: { symbol: purchase.currency.symbol, decimals },
      priceUsd,
    });
  }
}

type UseBuyQuoteParameters = {
  client: OnrampClient | undefined;
  purchase: OnrampPurchaseOption | undefined;
  currency: string;
  method: PaymentMethod;
  debouncedAmount: string;
  enabled: boolean;
  chainId: number | undefined;
  decimals: number | undefined;
};

/** The quote for the settled amount (asked only while no checkout is awaited). */
export function useBuyQuote(parameters: UseBuyQuoteParameters) {
  const { client, purchase, currency, method, debouncedAmount, enabled, chainId, decimals } = parameters;
  const { apiUrl, fetch } = useWalletRuntime().config;
  return useQuery<BuyQuote>({
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
    enabled: Boolean(client && purchase && enabled),
    staleTime: 60_000,
    retry: false,
    queryFn: () =>
      askBuyQuote({
        client: client as OnrampClient,
        purchase: purchase as OnrampPurchaseOption,
        currency,
        method,
        amount: debouncedAmount,
        apiUrl: apiUrl as string,
        chainId: chainId as number,
        fetch,
        decimals,
      }),
  });
}
