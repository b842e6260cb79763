import { publicClients } from "../chain/publicClients.js";
import { type DexChains, type DexChainsConfig, dexChains } from "../convert/dex.js";
import type { Database } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import type { PriceFeedConfig } from "../prices/feeds.js";
import { createPricer, type Pricer } from "../prices/prices.js";
import { coinbaseOnramp } from "./coinbase.js";
import { createDeliverer, type Deliverer } from "./deliver.js";
import { localOnramp } from "./local.js";
import { NOT_OFFERED } from "./money.js";
import { EMPTY_OPTIONS, type OnrampConfig, type OnrampProvider } from "./types.js";

/** The on-ramp as configured: its provider, and for the local checkout the deliverer that pays orders. */
export type Onramp = { provider: OnrampProvider; deliverer: Deliverer | undefined };

/** A provider that offers nothing (ONRAMP_PROVIDER=off, or no deployment to sell on). */
export const offProvider: OnrampProvider = {
  options: async () => EMPTY_OPTIONS,
  quote: async () => {
    throw new HttpError(400, NOT_OFFERED);
  },
  url: async () => {
    throw new HttpError(400, NOT_OFFERED);
  },
};

/**
 * Builds the configured on-ramp (`config.onramp.provider`): local checkout, Coinbase adapter or off. `shared`: the
 * app's DEX chains and pricer (made here when absent).
 */
export function createOnramp(
  config: DexChainsConfig & { onramp: OnrampConfig; priceFeeds: PriceFeedConfig },
  database: Database,
  shared: { dex?: DexChains | undefined; pricer?: Pricer | undefined } = {},
): Onramp {
  const { onramp, deployment } = config;
  if (onramp.provider === "coinbase" && onramp.coinbase.apiKey) {
    const provider = coinbaseOnramp({ baseUrl: onramp.coinbase.baseUrl, apiKey: onramp.coinbase.apiKey });
    return { provider, deliverer: undefined };
  }
  if (onramp.provider !== "local" || !deployment || !onramp.treasuryKey)
    return { provider: offProvider, deliverer: undefined };
  const client = publicClients(config.rpcUrls)(deployment.chainId);
  if (!client) return { provider: offProvider, deliverer: undefined };
  return {
    provider: localOnramp({
      db: database.db,
      chainId: deployment.chainId,
      investmentToken: deployment.investmentToken,
      listedTokens: deployment.tokens ?? [],
      client,
      chains: shared.dex ?? dexChains(config),
      pricer: shared.pricer ?? createPricer({ feeds: config.priceFeeds }),
      eurUsd: onramp.eurUsd,
      publicUrl: onramp.publicUrl,
    }),
    // The chain the RPC serves is checked at start-up (`startLocalDelivery`) and before anything is signed.
    deliverer: createDeliverer({ treasuryKey: onramp.treasuryKey, client }),
  };
}
