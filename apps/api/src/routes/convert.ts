import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { baseUnits, caipChainId, evmAddress, tokenId } from "../convert/params.js";
import { parseSlippage } from "../convert/quoteMath.js";
import { quoteSwap } from "../convert/quotes.js";
import {
  buildSwap,
  buildSwapApproval,
  listSwapTokens,
  readGasPrices,
  readSwapAllowance,
  swapChain,
} from "../convert/swaps.js";
import { strictInt, text } from "../http/params.js";
import type { RouteContext } from "./context.js";

const slippageText = text("slippage", 10).refine(
  (value) => parseSlippage(value) !== undefined,
  "slippage must be a percent from 0.01 to 50 (at most two decimals), e.g. 0.5",
);

const quoteQuery = z.object({
  amount: baseUnits("amount"),
  userAddress: evmAddress("userAddress"),
  from: tokenId("from"),
  to: tokenId("to"),
  gasPrice: text("gasPrice", 78).optional(),
});

const buildBody = z.object({
  amount: baseUnits("amount"),
  eip155: z.object({ slippage: slippageText }),
  from: tokenId("from"),
  to: tokenId("to"),
  userAddress: evmAddress("userAddress"),
  disableEstimate: z.boolean().optional(),
});

const approveQuery = z.object({
  userAddress: evmAddress("userAddress"),
  from: tokenId("from"),
  to: tokenId("to"),
  amount: baseUnits("amount").optional(),
});

/**
 * The swap routes of spec §7 (`/v1/convert/*`) on the deployment's Uniswap V2: tokens, quotes from the pools'
 * reserves (confirmed by the router's `getAmountsOut`), allowance, gas price, and the approve and swap transactions
 * to send as they are. A chain without the DEX → 400 'Network not supported for Swaps' (gas price: '… for Gas Price').
 * The steps are in `convert/swaps.ts`.
 */
export function convertRoutes({ dex: chains }: Pick<RouteContext, "dex">): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ["swap"];
    r.get(
      "/v1/convert/tokens",
      {
        schema: {
          tags,
          summary: "The tokens the DEX swaps on a chain (native ETH first)",
          querystring: z.object({ chainId: caipChainId() }),
        },
      },
      async (request) => listSwapTokens(chains, request.query.chainId),
    );
    r.get(
      "/v1/convert/quotes",
      { schema: { tags, summary: "A quote to swap amount (base units) of from into to", querystring: quoteQuery } },
      async (request) => {
        const { from, to, amount } = request.query;
        const { quote } = await quoteSwap(await swapChain(chains, from, to), from, to, amount);
        return { quotes: [quote] };
      },
    );
    r.get(
      "/v1/convert/allowance",
      {
        schema: {
          tags,
          summary: "The allowance of a token to the DEX router (native: the largest uint256)",
          querystring: z.object({ tokenAddress: tokenId("tokenAddress"), userAddress: evmAddress("userAddress") }),
        },
      },
      async (request) => readSwapAllowance(chains, request.query.tokenAddress, request.query.userAddress),
    );
    r.get(
      "/v1/convert/gas-price",
      {
        schema: { tags, summary: "Gas prices (wei) from the node", querystring: z.object({ chainId: caipChainId() }) },
      },
      async (request) => readGasPrices(chains, request.query.chainId),
    );
    r.get(
      "/v1/convert/build-approve",
      {
        schema: {
          tags,
          summary: "An approve of the DEX router for amount of from (all of it when amount is absent)",
          querystring: approveQuery,
        },
      },
      async (request) => buildSwapApproval(chains, request.query),
    );
    r.post(
      "/v1/convert/build-transaction",
      {
        schema: { tags, summary: "The swap transaction (Router02) for a fresh quote and a slippage", body: buildBody },
      },
      async (request) => buildSwap(chains, { ...request.body, slippage: request.body.eip155.slippage }),
    );
  };
}

/** Whole numbers the quote route accepts for gasPrice (unused by the local DEX, checked for shape only). */
export const gasPriceParam = strictInt;
