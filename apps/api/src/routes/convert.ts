import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { erc20Abi, maxUint256 } from "viem";
import { z } from "zod";
import { buildApproveTx, buildSwapTx } from "../convert/buildTx.js";
import { formatTokenId, NATIVE_TOKEN_ADDRESS, type TokenId } from "../convert/caip.js";
import { type DexChain, GAS_PRICE_NOT_SUPPORTED, NATIVE_TOKEN, SWAPS_NOT_SUPPORTED } from "../convert/dex.js";
import { baseUnits, caipChainId, evmAddress, tokenId } from "../convert/params.js";
import { parseSlippage } from "../convert/quoteMath.js";
import { quoteSwap } from "../convert/quotes.js";
import { HttpError } from "../http/errors.js";
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

/** Gas-price tiers above the node's price, in percent: fast +10 %, instant +25 %. */
const GAS_TIERS = { fast: 110n, instant: 125n } as const;

/**
 * The swap routes of spec §7 (`/v1/convert/*`) on the deployment's Uniswap V2: tokens, quotes from the pools'
 * reserves (confirmed by the router's `getAmountsOut`), allowance, gas price, and the approve and swap transactions
 * to send as they are. A chain without the DEX → 400 'Network not supported for Swaps' (gas price: '… for Gas Price').
 */
export function convertRoutes({ dex: chains }: RouteContext): FastifyPluginAsync {
  const swapChain = async (...tokens: TokenId[]): Promise<DexChain> => {
    const chainId = tokens[0]?.chainId;
    const chain = chainId === undefined ? undefined : await chains.chain(chainId);
    if (!chain || tokens.some((token) => token.chainId !== chainId)) throw new HttpError(400, SWAPS_NOT_SUPPORTED);
    return chain;
  };

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
      async (request) => {
        const chain = await chains.chain(request.query.chainId);
        if (!chain) throw new HttpError(400, SWAPS_NOT_SUPPORTED);
        return {
          tokens: [
            { ...NATIVE_TOKEN, address: formatTokenId(chain.chainId, NATIVE_TOKEN_ADDRESS), logoUri: "" },
            ...chain.tokens.map((token) => ({
              name: token.name,
              symbol: token.symbol,
              address: formatTokenId(chain.chainId, token.address),
              decimals: token.decimals,
              logoUri: "",
            })),
          ],
        };
      },
    );

    r.get(
      "/v1/convert/quotes",
      { schema: { tags, summary: "A quote to swap amount (base units) of from into to", querystring: quoteQuery } },
      async (request) => {
        const { from, to, amount } = request.query;
        const { quote } = await quoteSwap(await swapChain(from, to), from, to, amount);
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
      async (request) => {
        const { tokenAddress, userAddress } = request.query;
        const chain = await swapChain(tokenAddress);
        if (tokenAddress.native) return { allowance: maxUint256.toString() };
        const allowance = await chain.client
          .readContract({
            address: tokenAddress.address,
            abi: erc20Abi,
            functionName: "allowance",
            args: [userAddress, chain.dex.router],
          })
          .catch(() => {
            throw new HttpError(400, "This token's allowance cannot be read");
          });
        return { allowance: allowance.toString() };
      },
    );

    r.get(
      "/v1/convert/gas-price",
      {
        schema: { tags, summary: "Gas prices (wei) from the node", querystring: z.object({ chainId: caipChainId() }) },
      },
      async (request) => {
        const chain = await chains.chain(request.query.chainId);
        if (!chain) throw new HttpError(400, GAS_PRICE_NOT_SUPPORTED);
        const standard = await chain.client.getGasPrice();
        return {
          standard: standard.toString(),
          fast: ((standard * GAS_TIERS.fast) / 100n).toString(),
          instant: ((standard * GAS_TIERS.instant) / 100n).toString(),
        };
      },
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
      async (request) => {
        const { from, to, userAddress, amount } = request.query;
        const chain = await swapChain(from, to);
        if (from.native) throw new HttpError(400, "Native ETH needs no approval");
        return { tx: await buildApproveTx(chain, { token: from.address, amount, userAddress }) };
      },
    );

    r.post(
      "/v1/convert/build-transaction",
      {
        schema: { tags, summary: "The swap transaction (Router02) for a fresh quote and a slippage", body: buildBody },
      },
      async (request) => {
        const { from, to, amount, userAddress, disableEstimate, eip155 } = request.body;
        const chain = await swapChain(from, to);
        const priced = await quoteSwap(chain, from, to, amount);
        const tx = await buildSwapTx(chain, {
          from,
          to,
          amount,
          priced,
          slippageBasisPoints: parseSlippage(eip155.slippage) ?? 100n,
          userAddress,
          estimate: !disableEstimate,
        });
        return { tx };
      },
    );
  };
}

/** Whole numbers the quote route accepts for gasPrice (unused by the local DEX, checked for shape only). */
export const gasPriceParam = strictInt;
