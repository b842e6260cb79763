import type { OnrampNetwork, OnrampOptions, OnrampPurchaseCurrency } from "./createOnrampClient.js";
import { DEFAULT_PAYMENT_METHOD_LIMITS, PAYMENT_CURRENCIES, type PaymentMethodLimit } from "./onrampLimits.js";

/** The on-ramp network id of the local chain (31337). */
export const LOCAL_ONRAMP_NETWORK = "fundament-local";

/** The on-ramp network id of a chain: "fundament-local" for 31337, else the chain's name ("sepolia", "base-sepolia"). */
export function onrampNetworkName(chainId: number, chainName: string): string {
  if (chainId === 31337) return LOCAL_ONRAMP_NETWORK;
  return chainName.trim().toLowerCase().replace(/\s+/g, "-");
}

/** A token the wallet knows on the chain (the configured list, plus the native token without an address). */
export type OnrampDefaultToken = { symbol: string; name?: string | undefined; address?: string | undefined };

/**
 * The wallet's built-in on-ramp options (the spec's fallback when `/v1/onramp/options` fails): the chain's native
 * token and configured tokens, USD and EUR with the spec's default limits.
 */
export function defaultOnrampOptions(p: {
  chainId: number;
  chainName: string;
  tokens: readonly OnrampDefaultToken[];
}): OnrampOptions {
  const network = onrampNetworkName(p.chainId, p.chainName);
  return {
    purchaseCurrencies: p.tokens.map((t) => ({
      id: t.symbol,
      name: t.name ?? t.symbol,
      symbol: t.symbol,
      iconUrl: "",
      networks: [
        {
          name: network,
          display_name: p.chainName,
          chain_id: String(p.chainId),
          contract_address: t.address ?? "",
        },
      ],
    })),
    paymentCurrencies: PAYMENT_CURRENCIES.map((id) => ({
      id,
      payment_method_limits: DEFAULT_PAYMENT_METHOD_LIMITS.map((l) => ({ ...l })),
    })),
  };
}

/** A token that can be bought on one chain: the currency and its network there. */
export type OnrampPurchaseOption = { currency: OnrampPurchaseCurrency; network: OnrampNetwork };

/** The purchase currencies delivered on a chain (matched by `chain_id`). */
export function purchaseOptionsOn(options: OnrampOptions, chainId: number): OnrampPurchaseOption[] {
  const out: OnrampPurchaseOption[] = [];
  for (const currency of options.purchaseCurrencies) {
    const network = currency.networks.find((n) => n.chain_id === String(chainId));
    if (network) out.push({ currency, network });
  }
  return out;
}

/** The limits of a payment method in a fiat currency: the options' own, else the spec's defaults. */
export function paymentMethodLimit(
  options: OnrampOptions | undefined,
  currency: string,
  method: string,
): PaymentMethodLimit | undefined {
  const own = options?.paymentCurrencies
    .find((c) => c.id === currency)
    ?.payment_method_limits.find((l) => l.id === method);
  if (own) return own;
  return DEFAULT_PAYMENT_METHOD_LIMITS.find((l) => l.id === method);
}
