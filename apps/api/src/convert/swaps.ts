import { type Address, erc20Abi, maxUint256 } from "viem";
import { formatTokenId, NATIVE_TOKEN_ADDRESS, type TokenId } from "../chain/caip.js";
import { HttpError } from "../http/errors.js";
import { type BuiltTx, buildApproveTx, buildSwapTx } from "./buildTx.js";
import { type DexChain, type DexChains, GAS_PRICE_NOT_SUPPORTED, NATIVE_TOKEN, SWAPS_NOT_SUPPORTED } from "./dex.js";
import { parseSlippage } from "./quoteMath.js";
import { quoteSwap } from "./quotes.js";

/**
 * The steps of the swap routes (spec §7, `/v1/convert/*`), each on the chains with a DEX: a chain without the DEX is
 * 400 'Network not supported for Swaps' (gas price: '… for Gas Price').
 */

/** Gas-price tiers above the node's price, in percent: fast +10 %, instant +25 %. */
const GAS_TIERS = { fast: 110n, instant: 125n } as const;

/** The one DEX chain all the tokens are on, or 400 'Network not supported for Swaps'. */
export async function swapChain(chains: DexChains, ...tokens: TokenId[]): Promise<DexChain> {
  const chainId = tokens[0]?.chainId;
  const chain = chainId === undefined ? undefined : await chains.chain(chainId);
  if (!chain || tokens.some((token) => token.chainId !== chainId)) throw new HttpError(400, SWAPS_NOT_SUPPORTED);
  return chain;
}

/** The tokens the DEX swaps on a chain (native ETH first), with CAIP-19 addresses. */
export async function listSwapTokens(chains: DexChains, chainId: number) {
  const chain = await chains.chain(chainId);
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
}

/** The allowance of a token to the DEX router (native: the largest uint256). */
export async function readSwapAllowance(
  chains: DexChains,
  token: TokenId,
  userAddress: Address,
): Promise<{ allowance: string }> {
  const chain = await swapChain(chains, token);
  if (token.native) return { allowance: maxUint256.toString() };
  const allowance = await chain.client
    .readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: "allowance",
      args: [userAddress, chain.dex.router],
    })
    .catch(() => {
      throw new HttpError(400, "This token's allowance cannot be read");
    });
  return { allowance: allowance.toString() };
}

/** Gas prices (wei) from the node: standard, fast and instant. */
export async function readGasPrices(chains: DexChains, chainId: number) {
  const chain = await chains.chain(chainId);
  if (!chain) throw new HttpError(400, GAS_PRICE_NOT_SUPPORTED);
  const standard = await chain.client.getGasPrice();
  return {
    standard: standard.toString(),
    fast: ((standard * GAS_TIERS.fast) / 100n).toString(),
    instant: ((standard * GAS_TIERS.instant) / 100n).toString(),
  };
}

/** An approve of the DEX router for `amount` of `from` (all of it when absent); native ETH needs none (400). */
export async function buildSwapApproval(
  chains: DexChains,
  { from, to, userAddress, amount }: { from: TokenId; to: TokenId; userAddress: Address; amount?: bigint | undefined },
): Promise<{ tx: BuiltTx }> {
  const chain = await swapChain(chains, from, to);
  if (from.native) throw new HttpError(400, "Native ETH needs no approval");
  return { tx: await buildApproveTx(chain, { token: from.address, amount, userAddress }) };
}

/** The swap transaction (Router02) for a fresh quote and a slippage (1 % when it cannot be read). */
export async function buildSwap(
  chains: DexChains,
  request: {
    from: TokenId;
    to: TokenId;
    amount: bigint;
    userAddress: Address;
    disableEstimate?: boolean | undefined;
    slippage: string;
  },
): Promise<{ tx: BuiltTx }> {
  const { from, to, amount, userAddress, disableEstimate, slippage } = request;
  const chain = await swapChain(chains, from, to);
  const priced = await quoteSwap(chain, from, to, amount);
  const tx = await buildSwapTx(chain, {
    from,
    to,
    amount,
    priced,
    slippageBasisPoints: parseSlippage(slippage) ?? 100n,
    userAddress,
    estimate: !disableEstimate,
  });
  return { tx };
}
