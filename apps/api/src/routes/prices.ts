import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatChainId, parseSolanaTokenId, parseTokenId, type SolanaTokenId, type TokenId } from "../chain/caip.js";
import { publicClients } from "../chain/publicClients.js";
import { caipChainId, evmAddress } from "../convert/params.js";
import { HttpError } from "../http/errors.js";
import { text } from "../http/params.js";
import { readBalances } from "../prices/balances.js";
import type { FungiblePrice } from "../prices/prices.js";
import { createSolanaPricer } from "../prices/solanaPrices.js";
import type { RouteContext } from "./context.js";

/** The most token ids one price request may ask for. */
export const MAX_PRICE_ADDRESSES = 100;

/** The answer while the chain does not answer a price read. */
export const PRICES_UNAVAILABLE = "Prices cannot be read from the chain right now; try again shortly";

/** The only currency prices and balances are given in (spec §7: `currency usd`). */
const currency = text("currency", 10)
  .transform((value) => value.toLowerCase())
  .refine((value) => value === "usd", "currency must be usd");

const priceBody = z.object({
  currency: currency.optional(),
  addresses: z
    // 100: a Solana id is up to 84 characters (`solana:` + 32 + `:` + 44).
    .array(text("address", 100))
    .min(1, "addresses must list at least one token id")
    .max(MAX_PRICE_ADDRESSES, `addresses may list at most ${MAX_PRICE_ADDRESSES} token ids`),
  projectId: text("projectId", 200).optional(),
});

const balanceQuery = z.object({
  currency: currency.optional(),
  chainId: caipChainId(),
  forceUpdate: z.enum(["true", "false", "1", "0"]).optional(),
});

/**
 * Spec §7's `v1/supported-chains`, `POST /v1/fungible/price` and `GET /v1/account/{address}/balance` on the chains
 * with a DEX (prices from the pools, the investment token worth 1 USD; see prices/prices.ts). Another chain gives
 * empty results, as the spec says for unsupported networks; a token id that is not `eip155:<chain>:<address>` is
 * skipped like a token without a price. `solana:<reference>:<mint>` ids on SOLANA_RPC_URL's chain are priced by
 * prices/solanaPrices.ts (SOL from SOLANA_SOL_USD_FEED, SOLANA_USD_MINTS at 1), after the eip155 ones.
 */
export function priceRoutes({ config, dex, pricer }: RouteContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ["prices"];
    const feedChainId = config.deployment?.chainId;
    const solana = createSolanaPricer({
      rpcUrl: config.solana.rpcUrl,
      config: config.solanaPrices,
      feedClient: feedChainId === undefined ? undefined : publicClients(config.rpcUrls)(feedChainId),
      maxAgeSeconds: config.priceFeeds.maxAgeSeconds,
      log: (message) => app.log.child({ component: "prices" }).warn(message),
    });

    r.get(
      "/v1/supported-chains",
      { schema: { tags, summary: "The chains where swaps, prices and balances work (CAIP-2 ids)" } },
      async () => ({ http: (await dex.supported()).map(formatChainId), ws: [] as string[] }),
    );

    r.post(
      "/v1/fungible/price",
      {
        schema: {
          tags,
          summary: "USD prices of tokens by CAIP-10 id (tokens without a price are left out)",
          body: priceBody,
        },
      },
      async (request) => {
        const values = [...new Set(request.body.addresses.map((value) => value.toLowerCase()))];
        const ids = values.map(parseTokenId).filter((id): id is TokenId => id !== undefined);
        const fungibles: FungiblePrice[] = [];
        for (const id of ids) {
          const chain = await dex.chain(id.chainId);
          if (!chain) continue;
          const price = await pricer.price(chain, id).catch(() => {
            throw new HttpError(503, PRICES_UNAVAILABLE);
          });
          if (price) fungibles.push(price);
        }
        const solanaIds = values.map(parseSolanaTokenId).filter((id): id is SolanaTokenId => id !== undefined);
        fungibles.push(...(await solana.prices(solanaIds)));
        return { fungibles };
      },
    );

    r.get(
      "/v1/account/:address/balance",
      {
        schema: {
          tags,
          summary: "The account's non-zero balances of ETH and the listed tokens, with USD price and value",
          params: z.object({ address: evmAddress("address") }),
          querystring: balanceQuery,
        },
      },
      async (request, reply) => {
        const chain = await dex.chain(request.query.chainId);
        if (!chain) return { balances: [] };
        const force = request.query.forceUpdate === "true" || request.query.forceUpdate === "1";
        const balances = await readBalances(chain, pricer, request.params.address, force).catch(() => {
          throw new HttpError(503, "Balances cannot be read from the chain right now; try again shortly");
        });
        reply.header("cache-control", "no-cache");
        return { balances };
      },
    );
  };
}
