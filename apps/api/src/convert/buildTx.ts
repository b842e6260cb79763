import { type Address, BaseError, encodeFunctionData, erc20Abi, type Hex, maxUint256 } from "viem";
import type { TokenId } from "../chain/caip.js";
import { HttpError, isPublicText } from "../http/errors.js";
import { type DexChain, routerAbi } from "./dex.js";
import { minimumReceived } from "./quoteMath.js";
import type { PricedQuote } from "./quotes.js";

/** How long a built swap stays valid (Router02's `deadline`): 20 minutes. */
export const SWAP_DEADLINE_SECONDS = 20n * 60n;
/** The gas given when the caller asks not to estimate (`disableEstimate`): enough for a two-hop swap. */
export const DEFAULT_SWAP_GAS = 300_000n;
/** The gas given to an approve when it cannot be estimated. */
export const DEFAULT_APPROVE_GAS = 100_000n;

/** A transaction as the convert routes answer it: send it as it is. */
export type BuiltTx = {
  from: Address;
  to: Address;
  data: Hex;
  value: string;
  eip155: { gas: string; gasPrice: string };
};

/** Revert reasons of the router and the token, in plain words. */
const REASONS: [RegExp, string][] = [
  [/INSUFFICIENT_OUTPUT_AMOUNT/, "The price moved more than your slippage allows"],
  [/EXPIRED/, "The swap's deadline passed; try again"],
  [/TRANSFER_FROM_FAILED|insufficient allowance|exceeds allowance/i, "Approve the token and check your balance first"],
  [/insufficient funds|exceeds balance|TRANSFER_FAILED/i, "Your balance is too low for this swap and its gas"],
  [/INSUFFICIENT_LIQUIDITY|INSUFFICIENT_INPUT_AMOUNT|INVALID_PATH/, "No route for this pair"],
];

/** A failed estimate as a plain sentence (the router's reason mapped, else a short generic one). */
export function describeRevert(error: unknown): string {
  const text =
    error instanceof BaseError
      ? [error.shortMessage, error.details, ...(error.metaMessages ?? [])].join(" ")
      : error instanceof Error
        ? error.message
        : String(error);
  for (const [pattern, sentence] of REASONS) if (pattern.test(text)) return sentence;
  const reason = error instanceof BaseError ? /reverted with the following reason:\s*(.+)/.exec(text)?.[1] : undefined;
  return reason && isPublicText(reason.trim()) ? `The swap would fail: ${reason.trim()}` : "The swap would fail";
}

/**
 * Router02 calldata for `amount` of `from` into `to` along `priced.path`, at least `priced.amountOut × (1 − slippage)`
 * to `recipient` before `deadline` (seconds): swapExactETHForTokens, swapExactTokensForETH or swapExactTokensForTokens.
 */
export function encodeSwap(p: {
  from: TokenId;
  to: TokenId;
  amount: bigint;
  priced: Pick<PricedQuote, "path" | "amountOut">;
  slippageBasisPoints: bigint;
  recipient: Address;
  deadline: bigint;
}): { data: Hex; value: bigint; amountOutMin: bigint } {
  const amountOutMin = minimumReceived(p.priced.amountOut, p.slippageBasisPoints);
  const { path } = p.priced;
  if (p.from.native) {
    return {
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: "swapExactETHForTokens",
        args: [amountOutMin, path, p.recipient, p.deadline],
      }),
      value: p.amount,
      amountOutMin,
    };
  }
  return {
    data: encodeFunctionData({
      abi: routerAbi,
      functionName: p.to.native ? "swapExactTokensForETH" : "swapExactTokensForTokens",
      args: [p.amount, amountOutMin, path, p.recipient, p.deadline],
    }),
    value: 0n,
    amountOutMin,
  };
}

/**
 * The gas of a transaction from `from`: estimated on the chain (a revert → 400 with the reason in plain words), or
 * `fallback` when `estimate` is false.
 */
export async function gasFor(
  chain: DexChain,
  tx: { from: Address; to: Address; data: Hex; value: bigint },
  estimate: boolean,
  fallback: bigint,
): Promise<bigint> {
  if (!estimate) return fallback;
  try {
    return await chain.client.estimateGas({ account: tx.from, to: tx.to, data: tx.data, value: tx.value });
  } catch (error) {
    throw new HttpError(400, describeRevert(error));
  }
}

/** The swap transaction of the build-transaction route (quote, calldata, gas and gas price). */
export async function buildSwapTx(
  chain: DexChain,
  p: {
    from: TokenId;
    to: TokenId;
    amount: bigint;
    priced: PricedQuote;
    slippageBasisPoints: bigint;
    userAddress: Address;
    estimate: boolean;
  },
): Promise<BuiltTx> {
  const block = await chain.client.getBlock();
  const encoded = encodeSwap({ ...p, recipient: p.userAddress, deadline: block.timestamp + SWAP_DEADLINE_SECONDS });
  const tx = { from: p.userAddress, to: chain.dex.router, data: encoded.data, value: encoded.value };
  const [gas, gasPrice] = await Promise.all([
    gasFor(chain, tx, p.estimate, DEFAULT_SWAP_GAS),
    chain.client.getGasPrice(),
  ]);
  return { ...tx, value: tx.value.toString(), eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } };
}

/** An approve of the router for `amount` of `token` (`maxUint256` when amount is undefined). */
export async function buildApproveTx(
  chain: DexChain,
  p: { token: Address; amount: bigint | undefined; userAddress: Address },
): Promise<BuiltTx> {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: "approve",
    args: [chain.dex.router, p.amount ?? maxUint256],
  });
  const tx = { from: p.userAddress, to: p.token, data, value: 0n };
  const [gas, gasPrice] = await Promise.all([
    chain.client.estimateGas({ account: tx.from, to: tx.to, data: tx.data }).catch(() => DEFAULT_APPROVE_GAS),
    chain.client.getGasPrice(),
  ]);
  return { ...tx, value: "0", eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } };
}
